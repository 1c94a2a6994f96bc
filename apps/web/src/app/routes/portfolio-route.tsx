import { PortfolioScreen } from '../../features/portfolio/components/portfolio-screen';
import { WatchlistToggle } from '../../features/watchlist/components/watchlist-toggle';

/** Routes compose features: each holding row gets the watchlist feature's star. */
export function PortfolioRoute() {
  return (
    <PortfolioScreen
      watchlistAction={({ symbol, name }) => <WatchlistToggle symbol={symbol} name={name} compact />}
    />
  );
}
