import { useId } from 'react';
import { Filter, Search } from 'lucide-react';
import type { NotificationType } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { NOTIFICATION_TYPE_META } from './notification-type';
import type { NotificationsScreenState, StatusFilter } from './use-notifications-screen';

/** The order of the Type select: by urgency, alerts first. */
const TYPE_OPTIONS: NotificationType[] = ['info', 'success', 'warning', 'error', 'alert'];
const selectClass = cn(inputClass, 'w-auto min-w-36');

/** Search box, and the Type and Status filters behind the Filters button. */
export function NotificationsSearchCard({ s }: { s: NotificationsScreenState }) {
  const searchId = useId();
  const filtersId = useId();
  const typeId = useId();
  const statusId = useId();
  const { search, setSearch, showFilters, setShowFilters, type, setType, status, setStatus } = s;
  return (
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
          onClick={() => setShowFilters((v) => !v)}
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
            <label htmlFor={typeId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
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
  );
}
