import type { Portfolio } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/money-format';
import { notify } from '../../../lib/notify';
import { useResetPortfolio } from '../api/portfolios-api';

/**
 * Reset archives (issue 25): the open season closes read-only with its orders, fills, ledger and
 * final figures, and the next starts with the same starting cash. The dialog says so plainly:
 * nothing is deleted.
 */
export function ResetPortfolioDialog({
  portfolio,
  onClose,
}: {
  portfolio: Portfolio | null;
  onClose: () => void;
}) {
  const reset = useResetPortfolio();
  if (!portfolio) return null;
  const confirm = () =>
    reset.mutate(portfolio.id, {
      onSuccess: (res) => {
        notify.success(res.message);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error, 'Could not reset the portfolio')),
    });
  return (
    <Modal open title={`Reset ${portfolio.name}?`} onClose={onClose}>
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-200">
        <p>
          Season {portfolio.season} is archived read-only: its orders, trades, ledger and final figures stay,
          and you can open it on the History page. Nothing is deleted.
        </p>
        <p>
          Season {portfolio.season + 1} starts afresh with {formatRupees(portfolio.startingCash)} in cash and
          no holdings.
        </p>
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Keep playing
        </Button>
        <Button variant="danger" loading={reset.isPending} onClick={confirm}>
          Archive season {portfolio.season} and reset
        </Button>
      </div>
    </Modal>
  );
}
