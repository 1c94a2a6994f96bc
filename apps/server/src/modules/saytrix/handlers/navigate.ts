import type { Handler } from './types.js';

/** Every route of the app by the name its screen shows. */
export const PAGE_NAMES: Record<string, string> = {
  '/dashboard': 'the dashboard',
  '/charts': 'Charts',
  '/stocks': 'Charts',
  '/portfolio': 'your portfolio',
  '/watchlist': 'your watchlist',
  '/orders': 'your orders',
  '/history': 'your transaction history',
  '/trades': 'your trade journal',
  '/insights': 'your trading habits',
  '/reports': 'your reports',
  '/leaderboard': 'the leaderboard',
  '/alerts': 'your alerts',
  '/news': 'Market News',
  '/notifications': 'your notifications',
  '/saytrix': 'Saytrix',
  '/profile': 'your profile',
  '/settings': 'Settings',
  '/trading': 'Trading',
  '/options': 'the Options Lab',
};

export const navigate: Handler = ({ parsed }) => {
  const path = parsed.path ?? '/dashboard';
  const name =
    PAGE_NAMES[path] ?? (path.startsWith('/stock/') ? `the ${decodeURIComponent(path.slice(7))} page` : path);
  return {
    intent: 'navigate',
    response: `Opening ${name}.`,
    action: 'navigate',
    params: { path },
    confidence: 'high',
  };
};
