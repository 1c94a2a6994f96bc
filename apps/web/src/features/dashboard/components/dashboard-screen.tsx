import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Flame, Gift, RefreshCw, ShoppingCart } from 'lucide-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { accountKeys, useDailyReward } from '../../account/api/account-api';
import { marketKeys } from '../../market/api/market-api';
import { AccountStats } from './account-stats';
import { DailyRewardCard, DailyRewardPrompt, useClaimReward } from './daily-reward';
import { MarketIndices } from './market-indices';
import { PerformanceCard } from './performance-card';
import { RecentActivity } from './recent-activity';
import { TopMovers } from './top-movers';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

// The order form (checks, slide-to-confirm, stock search) loads when the user opens it.
const QuickBuyModal = lazy(async () => ({ default: (await import('./quick-buy-modal')).QuickBuyModal }));

/**
 * The refresh button reads whether any account or index query is fetching; kept in its own
 * component so each fetch starting or settling re-renders the button, not every dashboard card.
 */
function RefreshButton() {
  const client = useQueryClient();
  const fetching =
    useIsFetching({ queryKey: accountKeys.all }) + useIsFetching({ queryKey: marketKeys.indices() }) > 0;
  const refresh = () => {
    void client.invalidateQueries({ queryKey: accountKeys.all });
    void client.invalidateQueries({ queryKey: marketKeys.indices() });
    void client.invalidateQueries({ queryKey: ['market', 'movers'] });
  };
  return (
    <Button
      variant="secondary"
      icon={<RefreshCw aria-hidden="true" className={cn('size-4', fetching && 'animate-spin')} />}
      onClick={refresh}
    >
      Refresh
    </Button>
  );
}

/** After today's claim the button would only be refused: it turns into the streak. */
function HeaderReward() {
  const { claim, pending: claiming } = useClaimReward();
  const reward = useDailyReward();
  // The reward and its streak are Main's alone (issue 25): with another portfolio active, say so.
  const intoMain = useActivePortfolio().portfolioId !== undefined ? ' into Main' : '';
  return reward.data?.claimedToday ? (
    <span
      className="inline-flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      data-testid="header-reward-streak"
    >
      <Flame aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
      {reward.data.loginStreak}-day streak · claimed today{intoMain}
    </span>
  ) : (
    <Button
      variant="secondary"
      icon={<Gift aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />}
      loading={claiming}
      onClick={() => claim()}
    >
      Claim Daily ₹100{intoMain}
    </Button>
  );
}

/** `news` is the latest headlines, composed in by the route (features do not import each other). */
export function DashboardScreen({ news }: { news?: ReactNode } = {}) {
  const user = useCurrentUser();
  const name = user.firstName || user.fullName;
  const [buying, setBuying] = useState<{ symbol: string | null } | null>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
            {greeting(new Date().getHours())}, {name}
          </h1>
          <PortfolioTag />
          <p className="mt-1 text-slate-600 dark:text-slate-300">Here is your virtual trading account.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <RefreshButton />
          <HeaderReward />
          <Button
            icon={<ShoppingCart aria-hidden="true" className="size-4" />}
            onClick={() => setBuying({ symbol: null })}
          >
            Quick Buy
          </Button>
        </div>
      </div>

      <AccountStats />

      <section aria-labelledby="indices-title" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="indices-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            Market indices
          </h2>
          <SimulatedBadge />
        </div>
        <MarketIndices />
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <PerformanceCard />
        </div>
        <DailyRewardCard />
      </div>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TopMovers onBuy={(symbol) => setBuying({ symbol })} />
        <RecentActivity />
      </div>

      {news}

      <p className="text-sm text-slate-600 dark:text-slate-300">
        See every holding on your{' '}
        <Link to="/portfolio" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          portfolio
        </Link>
        , follow stocks in your{' '}
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

      <DailyRewardPrompt />
      {buying !== null ? (
        <Suspense fallback={null}>
          <QuickBuyModal open initialSymbol={buying.symbol} onClose={() => setBuying(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
