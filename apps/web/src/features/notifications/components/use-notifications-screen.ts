import { useState } from 'react';
import type { NotificationType } from '@nivesh/shared';
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
import type { NotificationFilters } from '../api/notifications-cache';
import { useNotificationActions } from './use-notification-actions';

export type StatusFilter = 'all' | 'unread' | 'read';

const SEARCH_DEBOUNCE_MS = 300;

/** State of the notifications screen: search and filters, the list, selection and batch actions. */
export function useNotificationsScreen() {
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

  return {
    now,
    connection,
    unread,
    live,
    search,
    setSearch,
    type,
    setType,
    status,
    setStatus,
    showFilters,
    setShowFilters,
    selectMode,
    setSelectMode,
    selected,
    setSelected,
    filters,
    list,
    actions,
    batch,
    items,
    visibleSelected,
    allSelected,
    leaveSelectMode,
    toggle,
    runBatch,
  };
}

export type NotificationsScreenState = ReturnType<typeof useNotificationsScreen>;
