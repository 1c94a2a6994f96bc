import { TradingScreen } from '../../features/trading/components/trading-screen';
import { useWatchlistMembership } from '../../features/watchlist/api/use-watchlist-membership';

/** The trading screen gets the watchlist feature's add/remove for its context menu. */
export function TradingRoute() {
  const membership = useWatchlistMembership();
  return (
    <TradingScreen
      watchlist={{
        isWatched: membership.isWatched,
        toggle: (s, name) => void membership.toggle(s, name),
        ready: membership.ready,
      }}
    />
  );
}
