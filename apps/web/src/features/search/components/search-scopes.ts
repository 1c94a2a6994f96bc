/** The global search shows at most 8 stocks (and 6 news, 8 orders), a list that fits one screen. */
export const RESULT_LIMIT = 8;
export const ORDER_LIMIT = 8;

export type Scope = 'stocks' | 'news' | 'orders';
export const RESULT_LABELS: Record<Scope, string> = {
  stocks: 'Stock results',
  news: 'News results',
  orders: 'Order results',
};
export const SCOPES: { scope: Scope; label: string; key: string; path: string; placeholder: string }[] = [
  {
    scope: 'stocks',
    label: 'Stocks',
    key: 'S',
    path: '/trading',
    placeholder: 'Search stocks by name or symbol...',
  },
  {
    scope: 'news',
    label: 'News',
    key: 'N',
    path: '/news',
    placeholder: 'Search news headlines and stocks...',
  },
  {
    scope: 'orders',
    label: 'Orders',
    key: 'O',
    path: '/orders',
    placeholder: 'Search your orders by symbol, name or order id...',
  },
];
export const SYMBOL_PATTERN = /^([A-Z0-9&-]{1,20}|\d{6})$/;
