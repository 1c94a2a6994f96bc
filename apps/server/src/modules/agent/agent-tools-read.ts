import { gttListQuerySchema, type AgentToolArgs, type Period } from '@nivesh/shared';
import { refuse, type ToolTable, idOf } from './agent-tool-context.js';
import {
  kiteGtt,
  kiteHeldOrder,
  kiteHolding,
  kiteOrder,
  kiteQuote,
  kiteTrade,
  symbolOf,
} from './agent-kite.js';

const ORDERS_QUERY = {
  page: 1,
  limit: 100,
  sort: '-createdAt',
  status: 'all',
  type: 'all',
  orderType: 'all',
} as const;

/** The day-count each period of the market's history reaches back. */
const PERIOD_DAYS: [Period, number][] = [
  ['1D', 1],
  ['5D', 5],
  ['1M', 31],
  ['3M', 92],
  ['6M', 183],
  ['1Y', 366],
  ['5Y', 1830],
];

function dateOf(text: string, name: string): number {
  const ms = Date.parse(text.includes('T') ? text : `${text.replace(' ', 'T')}+05:30`);
  if (!Number.isFinite(ms)) throw refuse(`Failed to parse ${name}, use format YYYY-MM-DD HH:MM:SS`);
  return ms;
}

const keyed = <T>(rows: { instrument_token: string }[], f: (r: never) => T) =>
  Object.fromEntries(rows.map((r) => [r.instrument_token, f(r as never)]));

/** The read tools (scope `read`): the token's own portfolio and the market. */
export const readTools: ToolTable = {
  get_profile: async ({ token }) => ({
    summary: 'profile',
    data: {
      user_id: token.id,
      user_name: token.name,
      user_type: 'agent',
      broker: 'NIVESH (paper trading, virtual rupees)',
      exchanges: ['NSE'],
      products: ['CNC', 'MIS'],
      order_types: ['MARKET', 'LIMIT', 'SL-M'],
      meta: { scopes: token.scopes, require_approval: token.requireApproval },
    },
  }),

  get_margins: async ({ actor }, _args, d) => {
    const account = await d.portfolio.account(actor);
    const equity = {
      enabled: true,
      net: account.availableCash,
      available: {
        cash: account.balance,
        live_balance: account.availableCash,
        opening_balance: account.balance,
      },
      utilised: { debits: account.reserved, holding_value: account.totalInvested },
    };
    return { summary: `available ₹${account.availableCash}`, data: { equity } };
  },

  get_holdings: async ({ actor }, _args, d) => {
    const rows = (await d.portfolio.holdings(actor)).filter((h) => h.product === 'CNC').map(kiteHolding);
    return { summary: `${rows.length} holdings`, data: rows };
  },

  get_positions: async ({ actor }, _args, d) => {
    const rows = (await d.portfolio.holdings(actor)).filter((h) => h.product === 'MIS').map(kiteHolding);
    return { summary: `${rows.length} positions`, data: { net: rows, day: rows } };
  },

  get_orders: async ({ actor, token }, _args, d) => {
    const [{ data }, held] = await Promise.all([
      d.orderQueries.list(actor.accountId, ORDERS_QUERY),
      d.approvals.ofToken(token, 'AWAITING_APPROVAL'),
    ]);
    const rows = [...held.map(kiteHeldOrder), ...data.map(kiteOrder)];
    return { summary: `${rows.length} orders`, data: rows };
  },

  get_order_history: async ({ actor }, args: AgentToolArgs<'get_order_history'>, d) => {
    const order = await d.orderQueries.get(actor.accountId, idOf(args.order_id, 'Order'));
    return { summary: `order ${order.id} ${order.status}`, data: [kiteOrder(order)] };
  },

  get_order_trades: async ({ actor }, args: AgentToolArgs<'get_order_trades'>, d) => {
    const id = idOf(args.order_id, 'Order');
    await d.orderQueries.get(actor.accountId, id);
    const rows = (await d.fills.history(actor.accountId)).filter((f) => f.orderId === id).map(kiteTrade);
    return { summary: `${rows.length} trades`, data: rows };
  },

  get_trades: async ({ actor }, _args, d) => {
    const rows = (await d.fills.history(actor.accountId)).map(kiteTrade).reverse();
    return { summary: `${rows.length} trades`, data: rows };
  },

  get_quotes: async (_s, args: AgentToolArgs<'get_quotes'>, d) => {
    const rows = (await d.market.quotes(args.instruments.map(symbolOf))).map(kiteQuote);
    return { summary: `${rows.length} quotes`, data: keyed(rows, (q) => q) };
  },

  get_ltp: async (_s, args: AgentToolArgs<'get_ltp'>, d) => {
    const rows = (await d.market.quotes(args.instruments.map(symbolOf))).map(kiteQuote);
    const data = keyed(rows, (q: ReturnType<typeof kiteQuote>) => ({
      instrument_token: q.instrument_token,
      last_price: q.last_price,
    }));
    return { summary: `${rows.length} prices`, data };
  },

  get_ohlc: async (_s, args: AgentToolArgs<'get_ohlc'>, d) => {
    const rows = (await d.market.quotes(args.instruments.map(symbolOf))).map(kiteQuote);
    const data = keyed(rows, (q: ReturnType<typeof kiteQuote>) => ({
      instrument_token: q.instrument_token,
      last_price: q.last_price,
      ohlc: q.ohlc,
    }));
    return { summary: `${rows.length} OHLC`, data };
  },

  get_historical_data: async (_s, args: AgentToolArgs<'get_historical_data'>, d) => {
    const from = dateOf(args.from_date, 'from_date');
    const to = dateOf(args.to_date, 'to_date');
    if (to < from) throw refuse('to_date must not be before from_date');
    const days = (d.market.nowMs() - from) / 86_400_000;
    const period = PERIOD_DAYS.find(([, n]) => n >= days)?.[0] ?? '5Y';
    const { data } = await d.market.historical(symbolOf(String(args.instrument_token)), period);
    const candles = data
      .filter((c) => c.time * 1000 >= from && c.time * 1000 <= to)
      .map((c) => ({
        date: new Date(c.time * 1000).toISOString(),
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
        volume: c.volume,
      }));
    return { summary: `${candles.length} candles`, data: candles };
  },

  search_instruments: async (_s, args: AgentToolArgs<'search_instruments'>, d) => {
    const found = await d.market.search(
      symbolOf(args.query),
      Math.min(500, (args.from ?? 0) + (args.limit ?? 20)),
    );
    const rows = found.slice(args.from ?? 0).map((r) => ({
      instrument_token: `NSE:${r.symbol}`,
      exchange: 'NSE',
      tradingsymbol: r.symbol,
      name: r.name,
      instrument_type: 'EQ',
      segment: 'NSE',
    }));
    return { summary: `${rows.length} instruments`, data: rows };
  },

  get_gtts: async ({ actor }, _args, d) => {
    const { data } = await d.gtt.list(actor, gttListQuerySchema.parse({ status: 'ACTIVE' }));
    const rows = data.map(kiteGtt);
    return { summary: `${rows.length} GTTs`, data: rows };
  },

  get_news: async ({ token }, args: AgentToolArgs<'get_news'>, d) => {
    const limit = args.limit ?? 10;
    const articles = args.tradingsymbol
      ? await d.news.forStock(token.userId, args.tradingsymbol, limit)
      : args.query
        ? await d.news.search(token.userId, args.query, limit)
        : await d.news.market(token.userId, limit);
    const rows = articles.map((a) => ({
      title: a.title,
      summary: a.summary,
      source: a.source,
      url: a.url,
      published_at: a.publishedAt,
      symbols: a.symbols,
    }));
    return { summary: `${rows.length} articles`, data: rows };
  },

  get_alerts: async ({ actor }, _args, d) => {
    const { data } = await d.alerts.list(actor);
    const rows = data.map((a) => ({
      id: a.id,
      tradingsymbol: a.symbol,
      exchange: 'NSE',
      condition: a.condition,
      value: a.value,
      status: a.status,
    }));
    return { summary: `${rows.length} alerts`, data: rows };
  },
};
