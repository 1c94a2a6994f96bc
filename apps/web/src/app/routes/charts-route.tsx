import { ChartsScreen } from '../../features/charts/components/charts-screen';
import { WatchlistToggle } from '../../features/watchlist/components/watchlist-toggle';
import { SetAlertButton } from '../../features/alerts/components/set-alert-button';

/** Routes compose features: the charts screen gets the watchlist feature's toggle and "Set alert". */
export function ChartsRoute() {
  return (
    <ChartsScreen
      watchlistAction={({ symbol, name }) => (
        <>
          <WatchlistToggle symbol={symbol} name={name} />
          <SetAlertButton symbol={symbol} />
        </>
      )}
    />
  );
}
