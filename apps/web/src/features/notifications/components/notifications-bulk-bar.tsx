import { CheckCheck, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { NotificationsScreenState } from './use-notifications-screen';

/** Select all, the count selected, and the batch actions on them. */
export function NotificationsBulkBar({ s }: { s: NotificationsScreenState }) {
  const { allSelected, visibleSelected, setSelected, items, runBatch, batch } = s;
  return (
    <div
      data-testid="bulk-bar"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 dark:border-indigo-900 dark:bg-indigo-950/50"
    >
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-100">
        <input
          type="checkbox"
          checked={allSelected}
          ref={(el) => {
            if (el) el.indeterminate = visibleSelected.length > 0 && !allSelected;
          }}
          onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((n) => n.id)))}
          className="size-4 accent-indigo-600"
        />
        Select all
      </label>
      <span className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        {visibleSelected.length} selected
      </span>
      <div className="ml-auto flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => runBatch('read')}
          disabled={visibleSelected.length === 0 || batch.isPending}
          icon={<CheckCheck aria-hidden="true" className="size-4" />}
        >
          Mark as read
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() => runBatch('delete')}
          disabled={visibleSelected.length === 0 || batch.isPending}
          icon={<Trash2 aria-hidden="true" className="size-4" />}
        >
          Delete
        </Button>
      </div>
    </div>
  );
}
