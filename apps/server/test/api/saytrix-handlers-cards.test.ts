import { expect, it } from 'vitest';
import {
  formatInr,
  roundToTick,
  type Alert,
  type Holding,
  type Order,
  type OrderPreview,
  type Quote,
  type SaytrixReply,
  type Watchlist,
} from '@nivesh/shared';
import {
  answer,
  describeEachDb,
  expectNoProposal,
  get,
  NOW,
  parsed,
  place,
  send,
  signUp,
  type User,
} from './saytrix-handlers.support.js';

/** The stock a reply carries for the client's card: params.symbol, or the stock card itself. */
const cardSymbol = (reply: SaytrixReply) =>
  (reply.params as { symbol?: unknown } | undefined)?.symbol ?? reply.stockData?.symbol;

// A reply about one stock carries that stock, so the client can show its card; a list over
// several carries none. Figures equal the app's own endpoints at the same frozen moment.
describeEachDb(
  'saytrix handlers: the stock a reply is about, affordability, and follow-ups of a proposal',
  (ctx) => {
    let meera: User;
    let itc: Quote;

    it('sets up a trader with two ITC orders (one filled buy, one resting sell), an alert and a GTT', async () => {
      meera = await signUp(ctx());
      itc = await get<Quote>(ctx(), undefined, '/api/stocks/quote/ITC');
      await place(ctx(), meera, { type: 'BUY', symbol: 'ITC', orderType: 'MARKET', quantity: 6 });
      await place(ctx(), meera, { type: 'BUY', symbol: 'TCS', orderType: 'MARKET', quantity: 1 });
      const limit = roundToTick(itc.price * 1.05);
      await place(ctx(), meera, {
        type: 'SELL',
        symbol: 'ITC',
        orderType: 'LIMIT',
        quantity: 2,
        price: limit,
      });
      await send(
        ctx(),
        meera,
        'POST',
        '/api/alerts',
        { symbol: 'TCS', condition: 'above', value: 99_999 },
        201,
      );
      const leg = { triggerPrice: roundToTick(itc.price * 0.9), limitPrice: roundToTick(itc.price * 0.9) };
      await send(
        ctx(),
        meera,
        'POST',
        '/api/gtt',
        { symbol: 'ITC', kind: 'single', side: 'BUY', quantity: 1, legs: [leg] },
        201,
      );
    });

    it('news, chart, holding, journal, alert, GTT and trade-history answers about one stock carry it', async () => {
      const one = { symbols: ['ITC'] };
      for (const intent of ['news', 'chart', 'holding', 'journal', 'alert', 'gtt', 'transactions'] as const) {
        const reply = await answer(ctx(), meera, parsed(intent, one));
        expect(cardSymbol(reply), `${intent}: ${reply.response}`).toBe('ITC');
        expectNoProposal(reply);
      }
      // Charges for a named order carry that order.
      const fees = await answer(
        ctx(),
        meera,
        parsed('fees', { symbols: ['ITC'], quantity: 7, side: 'SELL' }),
      );
      expect(fees.params).toEqual({ symbol: 'ITC', side: 'SELL', quantity: 7, product: 'CNC' });
      // An index named alone gets its card too.
      const nifty = await answer(ctx(), meera, parsed('index', { symbols: ['NIFTY50'] }));
      expect(nifty.stockData?.symbol).toBe('NIFTY50');
      const q = await get<Quote>(ctx(), undefined, '/api/stocks/quote/NIFTY50');
      expect(nifty.stockData?.price).toBe(q.price);
    });

    it('a holding with shares held back by a pending sell says how many are free to sell', async () => {
      const [row] = (await get<Holding[]>(ctx(), meera, '/api/portfolio/holdings')).filter(
        (x) => x.symbol === 'ITC',
      );
      expect(row!.reservedQuantity).toBe(2);
      const reply = await answer(ctx(), meera, parsed('holding', { symbols: ['ITC'] }));
      expect(reply.response).toContain(`You hold **${row!.quantity} shares of ITC**`);
      expect(reply.response).toContain(
        `2 shares are held back by pending sells; ${row!.sellableQuantity} free to sell.`,
      );
      const tcs = await answer(ctx(), meera, parsed('holding', { symbols: ['TCS'] }));
      expect(tcs.response).not.toContain('held back');
    });

    it('a list over several stocks is about none of them', async () => {
      for (const intent of ['news', 'alert', 'gtt', 'transactions', 'orders', 'journal'] as const) {
        const reply = await answer(ctx(), meera, parsed(intent));
        expect(cardSymbol(reply), `${intent}: ${reply.response}`).toBeUndefined();
      }
    });

    it('an index reply over several indices carries its lead index: the first named, or NIFTY 50 for "the market"', async () => {
      const [nifty, sensex] = await get<Quote[]>(
        ctx(),
        undefined,
        '/api/stocks/quotes?symbols=NIFTY50,SENSEX',
      );
      const market = await answer(ctx(), meera, parsed('index'));
      expect(market.stockData).toMatchObject({ symbol: 'NIFTY50', price: nifty!.price });
      expect(market.response).toContain('SENSEX');
      const sensexFirst = await answer(ctx(), meera, parsed('index', { symbols: ['SENSEX', 'NIFTY50'] }));
      expect(sensexFirst.stockData).toMatchObject({ symbol: 'SENSEX', price: sensex!.price });
      expect(sensexFirst.response.indexOf('SENSEX')).toBeLessThan(sensexFirst.response.indexOf('NIFTY'));
      expectNoProposal(market);
    });

    it('"did my ITC sell go through?" answers with the latest ITC sell, and carries that order', async () => {
      const orders = await get<Order[]>(ctx(), meera, '/api/orders/all?limit=100');
      const sell = orders.find((o) => o.symbol === 'ITC' && o.type === 'SELL')!;
      expect(sell.status).toBe('PENDING');
      const reply = await answer(
        ctx(),
        meera,
        parsed('orders', { symbols: ['ITC'], op: 'status', side: 'SELL', orderStatus: 'filled' }),
      );
      expect(reply.response).toContain('Your latest **ITC** sell order is **pending (not filled yet)**.');
      expect(reply.params).toMatchObject({ symbol: 'ITC', side: 'SELL', quantity: sell.quantity });
      // The buy side of the same stock is a different order: filled.
      const buy = await answer(
        ctx(),
        meera,
        parsed('orders', { symbols: ['ITC'], op: 'status', side: 'BUY' }),
      );
      expect(buy.response).toMatch(/Your latest \*\*ITC\*\* buy order is \*\*filled at ₹/);
      expect(buy.params).toMatchObject({ symbol: 'ITC', side: 'BUY', quantity: 6 });
      expectNoProposal(buy);
      // No stock named, only the side: the latest order of that side, named in the answer.
      const anySell = await answer(ctx(), meera, parsed('orders', { op: 'status', side: 'SELL' }));
      expect(anySell.response).toContain('Your latest sell order (**ITC**) is **pending (not filled yet)**.');
      expect(anySell.params).toMatchObject({ symbol: 'ITC', side: 'SELL', quantity: sell.quantity });
    });

    it('"can I afford N shares?" states the order preview cost and the Available Cash of the account', async () => {
      const account = await get<{ figures: { availableCash: number } }>(
        ctx(),
        meera,
        '/api/portfolio/account',
      );
      for (const quantity of [3, 100_000]) {
        const res = await ctx().request({
          method: 'POST',
          url: '/api/orders/preview',
          token: meera.token,
          payload: {
            symbol: 'ITC',
            type: 'BUY',
            orderType: 'MARKET',
            quantity,
            validity: 'DAY',
            product: 'CNC',
          },
        });
        const preview = (res.json() as { data: OrderPreview }).data;
        const reply = await answer(ctx(), meera, parsed('cash', { symbols: ['ITC'], quantity }));
        expect(reply.response).toContain(`costs about **${formatInr(preview.total)}**`);
        expect(reply.response).toContain(`Available Cash: **${formatInr(account.figures.availableCash)}**`);
        const enough = preview.total <= account.figures.availableCash;
        expect(reply.response).toContain(
          enough
            ? 'That is enough.'
            : `That is ${formatInr(preview.total - account.figures.availableCash)} short.`,
        );
        expect(enough).toBe(quantity === 3);
        expect(reply.params).toMatchObject({ symbol: 'ITC', quantity });
        expectNoProposal(reply);
      }
      // No stock named: the plain cash answer.
      const plain = await answer(ctx(), meera, parsed('cash'));
      expect(plain.response).toContain(formatInr(account.figures.availableCash));
      expect(plain.params).toBeUndefined();
    });

    it('"change it to X" right after a set-alert proposal re-proposes that alert, never edits an older one', async () => {
      const before = await get<Alert[]>(ctx(), meera, '/api/alerts');
      const level = roundToTick(itc.price * 1.2);
      const reply = await answer(
        ctx(),
        meera,
        parsed('alert', {
          symbols: ['ITC'],
          op: 'change',
          imperative: true,
          condition: 'above',
          alertPrice: level,
          followUp: { edited: ['level'] },
        }),
        {
          last: {
            intent: 'alert',
            op: 'create',
            symbols: ['ITC'],
            condition: 'above',
            alertPrice: level - 5,
            action: 'set_alert',
          },
        },
      );
      expect(reply.action).toBe('set_alert');
      expect(reply.params).toEqual({ symbol: 'ITC', condition: 'above', price: level });
      expect(reply.context).toBe(`Level ${level - 5} → ${level} from your last alert`);
      // The same words after a list (no proposal) change the existing alert, and nothing is stored by asking.
      const change = await answer(
        ctx(),
        meera,
        parsed('alert', {
          symbols: ['TCS'],
          op: 'change',
          imperative: true,
          alertPrice: 99_000,
          followUp: { edited: ['level'] },
        }),
        { last: { intent: 'alert', op: 'list', symbols: [] } },
      );
      expect(change.action).toBe('modify_alert');
      expect(await get<Alert[]>(ctx(), meera, '/api/alerts')).toEqual(before);
    });

    it('a refusal about one stock ("nothing to remove", "no alert to delete") still carries that stock', async () => {
      const lists = await get<Watchlist[]>(ctx(), meera, '/api/watchlist');
      const absent = ['WIPRO', 'LT', 'SUNPHARMA'].find(
        (x) => !lists.some((l) => l.stocks.some((s) => s.symbol === x)),
      )!;
      const remove = await answer(
        ctx(),
        meera,
        parsed('watchlist', { symbols: [absent], op: 'remove', imperative: true }),
      );
      expect(remove.response).toContain('nothing to remove');
      expect(remove.params).toEqual({ symbol: absent });
      const alert = await answer(
        ctx(),
        meera,
        parsed('alert', { symbols: ['ITC'], op: 'delete', imperative: true }),
      );
      expect(alert.response).toBe('You have no active price alert on **ITC** to delete.');
      expect(alert.params).toEqual({ symbol: 'ITC' });
      const gtt = await answer(
        ctx(),
        meera,
        parsed('gtt', { symbols: ['TCS'], op: 'delete', imperative: true }),
      );
      expect(gtt.params).toEqual({ symbol: 'TCS' });
      for (const reply of [remove, alert, gtt]) expectNoProposal(reply);
    });

    it('every follow-up shows what it took from the last turn, whichever handler answers it', async () => {
      const news = await answer(
        ctx(),
        meera,
        parsed('news', { symbols: ['WIPRO'], followUp: { edited: ['symbol'] } }),
        { last: { intent: 'news', symbols: ['ITC'] } },
      );
      expect(news.context).toBe('Same question for WIPRO');
      expect(cardSymbol(news)).toBe('WIPRO');
      const pnl = await answer(
        ctx(),
        meera,
        parsed('portfolio', { pnl: 'realised', scope: 'my', followUp: { edited: ['pnl'] } }),
        { last: { intent: 'portfolio', symbols: [], pnl: 'total' } },
      );
      expect(pnl.context).toBe('Now the Realised P&L');
      expect(pnl.response).toContain('Realised P&L');
      // Not a follow-up: no context line.
      expect((await answer(ctx(), meera, parsed('news', { symbols: ['WIPRO'] }))).context).toBeUndefined();
    });

    it('a stop-loss GTT with no side named sells the shares held, never buys more', async () => {
      const trigger = roundToTick(itc.price * 0.9);
      const reply = await answer(
        ctx(),
        meera,
        parsed('gtt', {
          symbols: ['ITC'],
          op: 'create',
          imperative: true,
          orderType: 'STOP',
          triggerPrice: trigger,
          quantity: 2,
        }),
      );
      expect(reply.action, reply.response).toBe('create_gtt');
      expect(reply.params).toMatchObject({ symbol: 'ITC', side: 'SELL', quantity: 2, triggerPrice: trigger });
    });

    it('"is ITC on my watchlist?" read as a list question still answers about ITC', async () => {
      const lists = await get<Watchlist[]>(ctx(), meera, '/api/watchlist');
      const onIt = lists.some((l) => l.stocks.some((s) => s.symbol === 'ITC'));
      const reply = await answer(ctx(), meera, parsed('watchlist', { symbols: ['ITC'], op: 'list' }));
      expect(reply.response).toMatch(
        onIt ? /^Yes, \*\*ITC\*\* is on your watchlist/ : /^No, \*\*ITC\*\* is not on your watchlist\./,
      );
      expect(reply.stockData?.symbol).toBe('ITC');
      expectNoProposal(reply);
    });
  },
  { now: () => NOW },
);
