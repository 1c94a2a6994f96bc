import { ListPlus, Star, TrendingDown, TrendingUp } from 'lucide-react';
import { StatCard } from '../../../components/ui/stat-card';

/** The four counts above the watchlists: stocks in view, gainers, losers and lists. */
export function WatchlistStats(props: { rows: number; gainers: number; losers: number; lists: number }) {
  const stats = [
    { label: 'Total Stocks', value: props.rows, Icon: Star, testId: 'stat-total-stocks' },
    { label: 'Gainers', value: props.gainers, Icon: TrendingUp, testId: 'stat-gainers' },
    { label: 'Losers', value: props.losers, Icon: TrendingDown, testId: 'stat-losers' },
    { label: 'Watchlists', value: props.lists, Icon: ListPlus, testId: 'stat-watchlists' },
  ];
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map(({ label, value, Icon, testId }) => (
        <StatCard
          key={testId}
          label={label}
          value={value}
          icon={<Icon aria-hidden="true" className="size-5" />}
          testId={testId}
        />
      ))}
    </div>
  );
}
