import { Link } from 'react-router';
import { Wallet } from 'lucide-react';
import { formatInr } from '@nivesh/shared';
import { Card } from '../../../components/ui/card';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { useCurrentUser } from '../../../lib/auth';
import { MarketIndices } from './market-indices';
import { TopMovers } from './top-movers';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

export function DashboardScreen() {
  const user = useCurrentUser();
  const name = user.firstName || user.fullName;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          {greeting(new Date().getHours())}, {name}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">Here is your virtual trading account.</p>
      </div>

      <section aria-labelledby="indices-title" className="space-y-3">
        <h2 id="indices-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Market indices
        </h2>
        <MarketIndices />
      </section>

      <div className="grid gap-4 md:grid-cols-3">
        <Card className="md:col-span-1" aria-labelledby="cash-balance-title">
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
              <Wallet aria-hidden="true" className="size-5" />
            </span>
            <h2 id="cash-balance-title" className="text-sm font-medium text-slate-600 dark:text-slate-300">
              Virtual cash balance
            </h2>
          </div>
          <p
            className="mt-3 text-3xl font-bold tabular-nums text-slate-900 dark:text-white"
            data-testid="cash-balance"
          >
            {formatInr(user.virtualMoney.balance)}
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            Virtual money for practice — not real funds.
          </p>
        </Card>
        <div className="md:col-span-2">
          <ComingSoon
            title="Portfolio overview"
            description="Holdings, invested value and profit and loss will show here once trading opens."
          />
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <TopMovers />
        <div className="grid gap-4">
          <ComingSoon
            title="Recent orders"
            description="Your latest orders will show here once trading opens."
          />
          <ComingSoon title="Daily reward" description="Your daily login reward and streak will show here." />
        </div>
      </div>

      <p className="text-sm text-slate-600 dark:text-slate-300">
        Follow stocks in your{' '}
        <Link to="/watchlist" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          watchlists
        </Link>{' '}
        or study them on the{' '}
        <Link to="/charts" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          charts
        </Link>
        . Want to change how Nivesh looks or secure your account?{' '}
        <Link to="/settings" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          Open settings
        </Link>
      </p>
    </div>
  );
}
