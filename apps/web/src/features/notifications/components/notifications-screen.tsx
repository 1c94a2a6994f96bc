import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  BellOff,
  CheckCheck,
  Filter,
  ListChecks,
  RefreshCw,
  Search,
  Settings,
  Trash2,
  X,
} from 'lucide-react';
import type { NotificationType } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { inputClass } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { NETWORK_ERROR_MESSAGE, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { useConnectionStatus } from '../../../lib/realtime';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useNow } from '../../../lib/use-now';
import {
  useBatchAction,
  useNotificationList,
  useUnreadCount,
  type BatchAction,
} from '../api/notifications-api';
import { isFiltering, type NotificationFilters } from '../api/notifications-cache';
import { CAUGHT_UP_TEXT } from './bell-panel';
import { NotificationRow } from './notification-row';
import { NOTIFICATION_TYPE_META } from './notification-type';
import { unreadLabel } from './unread-badge';
import { useNotificationActions } from './use-notification-actions';

type StatusFilter = 'all' | 'unread' | 'read';

const SEARCH_DEBOUNCE_MS = 300;
/** The order of the Type select: by urgency, alerts first. */
const TYPE_OPTIONS: NotificationType[] = ['info', 'success', 'warning', 'error', 'alert'];
const selectClass = cn(inputClass, 'w-auto min-w-36');

export function NotificationsScreen() {
  const searchId = useId();
  const filtersId = useId();
  const typeId = useId();
  const statusId = useId();
  const now = useNow();
  const connection = useConnectionStatus();
  const { data: unread = 0 } = useUnreadCount();

  const [search, setSearch] = useState('');
  const [type, setType] = useState<NotificationType | ''>('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [showFilters, setShowFilters] = useState(false);
  const [selectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filters: NotificationFilters = {
    type: type || undefined,
    read: status === 'all' ? undefined : status === 'read',
    search: debouncedSearch,
  };
  const list = useNotificationList(filters);
  const actions = useNotificationActions();
  const batch = useBatchAction();
  const items = list.items;

  // Only what is on screen can be acted on; a filter change hides rows and so drops them.
  const visibleSelected = items.filter((n) => selected.has(n.id)).map((n) => n.id);
  const allSelected = items.length > 0 && visibleSelected.length === items.length;

  const leaveSelectMode = () => {
    setSelectMode(false);
    setSelected(new Set());
  };

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const runBatch = (action: BatchAction) => {
    batch.mutate(
      { action, ids: visibleSelected },
      {
        onSuccess: (result) => {
          if (result.failed === 0) notify.success(result.message);
          else if (result.succeeded === 0) notify.error(result.message);
          else notify.warning(result.message);
          leaveSelectMode();
        },
      },
    );
  };

  const live = connection === 'connected';

  return (
    <div className="space-y-5">
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

      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative min-w-0 flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search notifications
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search notifications..."
              maxLength={100}
              className={cn(inputClass, 'pl-9')}
            />
          </div>
          <Button
            variant={showFilters ? 'primary' : 'secondary'}
            onClick={() => setShowFilters((s) => !s)}
            aria-expanded={showFilters}
            aria-controls={filtersId}
            icon={<Filter aria-hidden="true" className="size-4" />}
          >
            Filters
          </Button>
        </div>
        {showFilters ? (
          <div id={filtersId} className="flex flex-wrap gap-4">
            <div className="space-y-1">
              <label
                htmlFor={typeId}
                className="block text-sm font-medium text-slate-800 dark:text-slate-200"
              >
                Type
              </label>
              <select
                id={typeId}
                value={type}
                onChange={(e) => setType(e.target.value as NotificationType | '')}
                className={selectClass}
              >
                <option value="">All</option>
                {TYPE_OPTIONS.map((t) => (
                  <option key={t} value={t}>
                    {NOTIFICATION_TYPE_META[t].label}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1">
              <label
                htmlFor={statusId}
                className="block text-sm font-medium text-slate-800 dark:text-slate-200"
              >
                Status
              </label>
              <select
                id={statusId}
                value={status}
                onChange={(e) => setStatus(e.target.value as StatusFilter)}
                className={selectClass}
              >
                <option value="all">All</option>
                <option value="unread">Unread</option>
                <option value="read">Read</option>
              </select>
            </div>
          </div>
        ) : null}
      </Card>

      {selectMode ? (
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
      ) : null}

      <NotificationList
        list={list}
        filtering={isFiltering(filters)}
        now={now}
        selectMode={selectMode}
        selected={selected}
        onToggle={toggle}
        actions={actions}
      />
    </div>
  );
}

interface NotificationListProps {
  list: ReturnType<typeof useNotificationList>;
  filtering: boolean;
  now: Date;
  selectMode: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  actions: ReturnType<typeof useNotificationActions>;
}

function NotificationList({
  list,
  filtering,
  now,
  selectMode,
  selected,
  onToggle,
  actions,
}: NotificationListProps) {
  const { items } = list;

  if (list.isPending) {
    return (
      <Card className="flex items-center justify-center gap-3 py-12 text-slate-700 dark:text-slate-200">
        <span role="status" className="flex items-center gap-3">
          <Spinner className="text-indigo-600 dark:text-indigo-400" /> Loading notifications...
        </span>
      </Card>
    );
  }

  if (list.isError && items.length === 0) {
    return (
      <Card role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Failed to load notifications</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {errorMessage(list.error, NETWORK_ERROR_MESSAGE)}
        </p>
        <Button onClick={() => void list.refetch()}>Try again</Button>
      </Card>
    );
  }

  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 py-12 text-center" data-testid="notifications-empty">
        <BellOff aria-hidden="true" className="size-10 text-slate-400" />
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">No notifications found</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {filtering ? 'Try adjusting your search or filters' : CAUGHT_UP_TEXT}
        </p>
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      <Card className="p-2">
        <ul aria-label="Notifications list" className="divide-y divide-slate-100 dark:divide-slate-700/60">
          {items.map((n) => (
            <NotificationRow
              key={n.id}
              notification={n}
              now={now}
              onMarkRead={actions.markRead}
              onDelete={actions.remove}
              onOpenLink={(item) => {
                if (!item.read) actions.markRead(item.id);
              }}
              selection={selectMode ? { selected: selected.has(n.id), onToggle } : undefined}
            />
          ))}
        </ul>
      </Card>
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700 dark:text-red-400">
          Failed to load notifications: {errorMessage(list.error, NETWORK_ERROR_MESSAGE)}
        </p>
      ) : null}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            Load More
          </Button>
        </div>
      ) : null}
    </div>
  );
}
