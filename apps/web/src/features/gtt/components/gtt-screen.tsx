import { useState } from 'react';
import { Crosshair } from 'lucide-react';
import { GTT_STATUSES, type Gtt, type GttListQuery } from '@nivesh/shared';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { errorMessage } from '../../../lib/api-client';
import { useGtts, useLiveGtts } from '../api/gtt-api';
import { GTT_STATUS_META } from '../lib/gtt-status';
import { CancelGttModal } from './cancel-gtt-modal';
import { GttCard } from './gtt-card';
import { GttDialog } from './gtt-dialog';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

const FILTERS: { key: GttListQuery['status']; label: string }[] = [
  { key: 'all', label: 'All' },
  ...GTT_STATUSES.map((s) => ({ key: s, label: GTT_STATUS_META[s].label })),
];

/** The GTT tab of /orders: the user's GTTs by status, newest first, with modify and cancel while active. */
export function GttScreen() {
  const [status, setStatus] = useState<GttListQuery['status']>('all');
  const [modifying, setModifying] = useState<Gtt | null>(null);
  const [cancelling, setCancelling] = useState<Gtt | null>(null);
  const gtts = useGtts(status);
  useLiveGtts();
  const list = gtts.data?.data ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">GTT: good till triggered</h1>
          <PortfolioTag />
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {gtts.data ? `${gtts.data.active} of ${gtts.data.maxActive} active` : 'Your standing triggers'} ·
            set one from a stock&apos;s page
          </p>
        </div>
        <ToggleGroup label="GTT status" options={FILTERS} value={status} onChange={setStatus} />
      </div>
      <Card flush>
        {gtts.isPending ? (
          <p role="status" className="flex items-center gap-2 p-6 text-sm text-slate-600 dark:text-slate-300">
            <Spinner size="sm" /> Loading GTTs...
          </p>
        ) : gtts.isError ? (
          <p role="alert" className="p-6 text-sm text-red-700 dark:text-red-400">
            {errorMessage(gtts.error, 'Failed to fetch GTTs')}
          </p>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-14 text-center" data-testid="gtt-empty">
            <Crosshair aria-hidden="true" className="size-10 text-slate-400" />
            <p className="font-semibold text-slate-900 dark:text-white">
              {status === 'all' ? 'No GTTs yet' : `No ${GTT_STATUS_META[status].label.toLowerCase()} GTTs`}
            </p>
            <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">
              A GTT watches the price for up to a year and places a LIMIT order for you when the price touches
              your trigger; use &quot;Set GTT&quot; on a stock&apos;s page.
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="GTTs">
            {list.map((g) => (
              <GttCard
                key={g.id}
                gtt={g}
                onModify={() => setModifying(g)}
                onCancel={() => setCancelling(g)}
              />
            ))}
          </ul>
        )}
      </Card>
      {modifying ? (
        <GttDialog symbol={modifying.symbol} gtt={modifying} onClose={() => setModifying(null)} />
      ) : null}
      {cancelling ? <CancelGttModal gtt={cancelling} onClose={() => setCancelling(null)} /> : null}
    </div>
  );
}
