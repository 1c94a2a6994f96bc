import { ChartsScreen } from '../../features/charts/components/charts-screen';
import { WatchlistToggle } from '../../features/watchlist/components/watchlist-toggle';

/** Routes compose features: the charts screen gets the watchlist feature's toggle. */
export function ChartsRoute() {
  return (
    <ChartsScreen watchlistAction={({ symbol, name }) => <WatchlistToggle symbol={symbol} name={name} />} />
  );
}
