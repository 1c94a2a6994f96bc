import { Briefcase, PiggyBank, Wallet } from 'lucide-react';
import type { AccountFigures } from '@nivesh/shared';
import { FigureLine, StatCard } from '../../../components/ui/stat-card';
import { formatInrFit, formatRupees, formatSignedInr } from '../../../lib/money-format';
import { plural } from '../../../lib/plural';
import { changeTone } from '../../market/lib/format';
import { TotalPnlCard } from '../../account/components/total-pnl-card';

/** The four cards: the glossary's figures at the live prices the list shows, so the P&L moves with it. */
export function TradingStats({
  figures: f,
  loading,
}: {
  figures: AccountFigures | undefined;
  loading: boolean;
}) {
  const dash = loading ? '…' : '—';
  return (
    <div role="group" aria-label="Account figures" className="grid grid-cols-2 gap-3 lg:gap-4 xl:grid-cols-4">
      <StatCard
        figure="availableCash"
        tone="amber"
        value={f ? formatInrFit(f.availableCash) : dash}
        title={f ? formatRupees(f.availableCash) : undefined}
        detail={f ? <FigureLine figure="reserved" value={formatInrFit(f.reserved)} /> : undefined}
        icon={<Wallet aria-hidden="true" className="size-4" />}
        testId="stat-available-balance"
      />
      <StatCard
        figure="holdingsValue"
        tone="violet"
        value={f ? formatInrFit(f.holdingsValue) : dash}
        title={f ? formatRupees(f.holdingsValue) : undefined}
        detail={
          f ? (
            <span className="text-slate-600 dark:text-slate-300">
              {plural(f.holdings, 'stock')} at live prices
            </span>
          ) : undefined
        }
        icon={<Briefcase aria-hidden="true" className="size-4" />}
        testId="stat-total-holdings"
      />
      <StatCard
        figure="invested"
        tone="sky"
        value={f ? formatInrFit(f.invested) : dash}
        title={f ? formatRupees(f.invested) : undefined}
        detail={
          f ? (
            <FigureLine
              figure="daysPnl"
              value={formatSignedInr(f.daysPnl, formatInrFit)}
              valueClassName={changeTone(f.daysPnl)}
            />
          ) : undefined
        }
        icon={<PiggyBank aria-hidden="true" className="size-4" />}
        testId="stat-total-invested"
      />
      <TotalPnlCard
        figures={f}
        parts={['unrealisedPnl', 'realisedPnl']}
        placeholder={dash}
        testId="stat-total-pnl"
      />
    </div>
  );
}
