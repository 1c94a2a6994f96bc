import { SetAlertButton } from '../../features/alerts/components/set-alert-button';
import { WatchlistScreen } from '../../features/watchlist/components/watchlist-screen';

/** Routes compose features: each watchlist row gets the alerts feature's "Set alert". */
export function WatchlistRoute() {
  return <WatchlistScreen rowAction={({ symbol }) => <SetAlertButton symbol={symbol} compact />} />;
}
