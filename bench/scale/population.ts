// The bench's population: users signed up through the balancer with an alert and a GTT each, and
// their sockets on quotes; then their opening orders.
import type { Socket } from 'socket.io-client';
import {
  api,
  connectSocket,
  placeOrder,
  pooled,
  signUp,
  type PlacedOrder,
  type SocketStats,
  type User,
} from './clients.js';

export const USERS = Number(process.env.SCALE_USERS ?? 500);
export const SOCKETS = Number(process.env.SCALE_SOCKETS ?? 2000);
export const SYMBOLS = [
  'RELIANCE',
  'TCS',
  'HDFCBANK',
  'INFY',
  'ICICIBANK',
  'ITC',
  'SBIN',
  'LT',
  'BHARTIARTL',
  'KOTAKBANK',
  'AXISBANK',
  'HINDUNILVR',
  'MARUTI',
  'SUNPHARMA',
  'TATASTEEL',
  'WIPRO',
  'NTPC',
  'POWERGRID',
  'ONGC',
  'TITAN',
];
/** Whole rupees: a multiple of every tick size (₹0.05 to ₹1) whatever the price band. */
const tick = (rupees: number) => Math.round(rupees);

export async function populate(base: string, mode: string, sockets: Socket[]) {
  const run = `${mode}${Date.now() % 100000}`;
  const quotes = await api<{ data: { symbol: string; price: number }[] }>(
    base,
    'GET',
    `/api/stocks/quotes?symbols=${SYMBOLS.join(',')}`,
  );
  const price = new Map(quotes.json.data.map((q) => [q.symbol, q.price]));
  // A new account holds ₹10,000: each user trades two names it can buy a few shares of.
  const names = SYMBOLS.filter((s) => price.get(s)! < 2_000);
  const users: User[] = await pooled(
    Array.from({ length: USERS }, (_, i) => i),
    12,
    (i) => signUp(base, run, i, [names[i % names.length]!, names[(i * 7 + 3) % names.length]!]),
  );
  // Pre-open: an alert just above the first symbol's price and a GTT buy just below the second's,
  // so the opening moves trigger many of them.
  await pooled(users, 12, async (u) => {
    const a = await api(base, 'POST', '/api/alerts', {
      token: u.token,
      body: { symbol: u.symbols[0], condition: 'above', value: tick(price.get(u.symbols[0])! * 1.002) },
    });
    const trigger = tick(price.get(u.symbols[1])! * 0.998);
    const g = await api(base, 'POST', '/api/gtt', {
      token: u.token,
      body: {
        symbol: u.symbols[1],
        kind: 'single',
        side: 'BUY',
        product: 'MIS',
        quantity: 1,
        legs: [{ triggerPrice: trigger, limitPrice: trigger }],
      },
    });
    if (a.status !== 201 || g.status !== 201)
      throw new Error(
        `alert ${a.status} / GTT ${g.status} for user ${u.index}: ${JSON.stringify([a.json, g.json])}`,
      );
  });
  const stats: SocketStats[] = [];
  await pooled(
    Array.from({ length: SOCKETS }, (_, i) => users[i % users.length]!),
    40,
    async (u) => {
      const popular = SYMBOLS.slice(0, 3);
      const { socket, stats: s } = await connectSocket(base, u, [...new Set([...u.symbols, ...popular])]);
      sockets.push(socket);
      stats.push(s);
    },
  );

  return { users, price, stats };
}

/** Every user's two intraday market buys, all at once, as at the 09:15 open. */
export async function openingOrders(
  base: string,
  users: User[],
  price: Map<string, number>,
): Promise<PlacedOrder[]> {
  const orders = users.flatMap((u) =>
    u.symbols.map((symbol, k) =>
      placeOrder(base, u, {
        symbol,
        type: 'BUY',
        orderType: 'MARKET',
        product: 'MIS',
        // ₹600–3,000 of stock per order: both fit the ₹10,000 beside the GTT's buy.
        quantity: Math.max(1, Math.floor((600 * (1 + ((u.index + k) % 5))) / price.get(symbol)!)),
      }),
    ),
  );
  return Promise.all(orders);
}
