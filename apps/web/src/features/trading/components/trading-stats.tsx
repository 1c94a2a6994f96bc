import type { ReactNode } from 'react';
import { Briefcase, PiggyBank, TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import type { Holding } from '@nivesh/shared';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { changeTone, formatPercent, formatPrice } from '../../market/lib/format';

function StatCard({
  label,
  value,
  detail,
  icon,
  testId,
  tone,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  icon: ReactNode;
  testId: string;
  tone?: string;
}) {
  return (
    <Card flush className="flex items-start gap-3 p-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-slate-900 dark:text-indigo-300">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</p>
        <p className={cn('truncate text-xl font-bold tabular-nums', tone ?? 'text-slate-900 dark:text-white')} data-testid={testId}>
          {value}
        </p>
        <p className="truncate text-xs text-slate-600 dark:text-slate-300">{detail}</p>
      </div>
    </Card>
  );
}

export interface LivePosition {
  holding: Holding;
  price: number;
}

/** The four cards; holdings are valued at the live price the list shows, so the P&L moves with it. */
export function TradingStats({
  availableCash,
  reserved,
  positions,
  loading,
}: {
  availableCash: number | undefined;
  reserved: number | undefined;
  positions: LivePosition[] | undefined;
  loading: boolean;
}) {
  const dash = loading ? '…' : '—';
  const invested = positions?.reduce((sum, p) => sum + p.holding.totalInvested, 0);
  const value = positions?.reduce((sum, p) => sum + p.holding.quantity * p.price, 0);
  const pnl = invested !== undefined && value !== undefined ? value - invested : undefined;
  const pnlPercent = pnl !== undefined && invested ? (pnl / invested) * 100 : 0;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Available Balance"
        value={availableCash !== undefined ? formatPrice(availableCash) : dash}
        detail={reserved ? `${formatPrice(reserved)} reserved` : 'Ready to trade'}
        icon={<Wallet aria-hidden="true" className="size-5" />}
        testId="stat-available-balance"
      />
      <StatCard
        label="Total Holdings"
        value={value !== undefined ? formatPrice(value) : dash}
        detail={positions ? `${positions.length} ${positions.length === 1 ? 'stock' : 'stocks'} at live prices` : ' '}
        icon={<Briefcase aria-hidden="true" className="size-5" />}
        testId="stat-total-holdings"
      />
      <StatCard
        label="Total Invested"
        value={invested !== undefined ? formatPrice(invested) : dash}
        detail="Cost incl. fees"
        icon={<PiggyBank aria-hidden="true" className="size-5" />}
        testId="stat-total-invested"
      />
      <StatCard
        label="Total P&L"
        value={pnl !== undefined ? `${pnl > 0 ? '+' : pnl < 0 ? '−' : ''}${formatPrice(Math.abs(pnl))}` : dash}
        detail={pnl !== undefined ? `${formatPercent(pnlPercent)} unrealised` : ' '}
        icon={pnl !== undefined && pnl < 0 ? <TrendingDown aria-hidden="true" className="size-5" /> : <TrendingUp aria-hidden="true" className="size-5" />}
        testId="stat-total-pnl"
        tone={pnl !== undefined ? changeTone(pnl) : undefined}
      />
    </div>
  );
}
