import { Link } from 'react-router';
import { CheckCheck, ListChecks, RefreshCw, Settings, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { unreadLabel } from './unread-badge';
import type { NotificationsScreenState } from './use-notifications-screen';

/** Title, unread count and live status, and the screen's actions. */
export function NotificationsHeader({ s }: { s: NotificationsScreenState }) {
  const { unread, connection, live, selectMode, leaveSelectMode, setSelectMode, items, list, actions } = s;
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Notifications</h1>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <span data-testid="unread-summary">{unreadLabel(unread)}</span>
          <span aria-hidden="true">·</span>
          <span
            data-testid="connection-status"
            data-status={connection}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold',
              live
                ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200'
                : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'size-1.5 rounded-full',
                live ? 'bg-emerald-600 dark:bg-emerald-300' : 'bg-slate-500',
              )}
            />
            {live ? 'LIVE' : 'OFFLINE'}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => (selectMode ? leaveSelectMode() : setSelectMode(true))}
          icon={
            selectMode ? (
              <X aria-hidden="true" className="size-4" />
            ) : (
              <ListChecks aria-hidden="true" className="size-4" />
            )
          }
          disabled={!selectMode && items.length === 0}
        >
          {selectMode ? 'Cancel' : 'Select'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void list.refetch()}
          icon={
            <RefreshCw aria-hidden="true" className={cn('size-4', list.isRefetching && 'animate-spin')} />
          }
          aria-busy={list.isRefetching || undefined}
        >
          Refresh
        </Button>
        <Link
          to="/settings?tab=notifications"
          aria-label="Notification settings"
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
        >
          <Settings aria-hidden="true" className="size-4" />
          Settings
        </Link>
        {unread > 0 && !selectMode ? (
          <Button
            size="sm"
            onClick={actions.markAllRead}
            loading={actions.markingAll}
            icon={<CheckCheck aria-hidden="true" className="size-4" />}
          >
            Mark all read
          </Button>
        ) : null}
      </div>
    </div>
  );
}
