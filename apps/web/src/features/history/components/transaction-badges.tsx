import type { TransactionStatus, TransactionType } from '@nivesh/shared';
import { cn } from '../../../lib/cn';

const typeTone: Record<TransactionType, string> = {
  buy: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  sell: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  reward: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  deposit: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-300',
};
const statusTone: Record<TransactionStatus, string> = {
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize';

export function TypeBadge({ type }: { type: TransactionType }) {
  return <span className={cn(badge, typeTone[type])}>{type}</span>;
}

export function StatusBadge({ status }: { status: TransactionStatus }) {
  return <span className={cn(badge, statusTone[status])}>{status}</span>;
}

/** Rewards and class deposits carry DAILY_REWARD / CLASS_DEPOSIT as their symbol; people read words. */
export function stockLabel(symbol: string): string {
  return symbol === 'DAILY_REWARD' ? 'Daily reward' : symbol === 'CLASS_DEPOSIT' ? 'Class deposit' : symbol;
}
