import { Link } from 'react-router';
import { History } from 'lucide-react';
import { formatRelativeTime } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatSignedInr } from '../../../lib/money-format';
import { useTransactions } from '../../account/api/account-api';
import { changeTone } from '../../market/lib/format';

const RECENT_QUERY = { sort: 'date', order: 'desc', page: 1, limit: 5 } as const;

/** The last five movements of money: fills, rewards, and orders still resting. */
export function RecentActivity() {
  const list = useTransactions(RECENT_QUERY);
  const rows = list.data?.data ?? [];
  return (
    <Card aria-labelledby="recent-activity-title">
      <CardTitle
        icon={<History aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />}
        action={
          <Link
            to="/history"
            className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            View all
          </Link>
        }
      >
        <span id="recent-activity-title">Recent activity</span>
      </CardTitle>
      {list.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading recent activity...
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(list.error, 'Failed to load transaction history')}
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No activity yet. Claim your daily reward or buy your first stock.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700">
          {rows.map((tx) => (
            <li key={tx.id} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">
                  {tx.description}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {formatRelativeTime(tx.timestamp)}
                </span>
              </span>
              <span
                className={cn(
                  'shrink-0 text-sm font-semibold tabular-nums',
                  tx.status === 'completed' ? changeTone(tx.netAmount) : 'text-slate-500 dark:text-slate-400',
                )}
              >
                {tx.status === 'completed'
                  ? formatSignedInr(tx.netAmount)
                  : tx.status === 'pending'
                    ? 'Pending'
                    : 'Failed'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
