import { expect, it } from 'vitest';
import type { Alert, Gtt, Holding, Order, Quote, Watchlist } from '@nivesh/shared';
import { roundToTick } from '@nivesh/shared';
import * as h from './saytrix-handlers.support.js';

const { answer, describeEachDb, expectNoProposal, get, NOW, parsed, place, send, signUp } = h;
type User = h.User;

// Actions are proposals only on an instruction; the same understanding as a question gets none,
// and nobody's ids but the asker's are ever reachable.
describeEachDb(
  'saytrix handlers: actions',
  (ctx) => {
    let asha: User;
    let ravi: User;
    let ashaItc: Order;
    let raviTcs: Order;
    let raviAlert: Alert;
    let raviGtt: Gtt;
    let itc: Quote;
    /** A price alert 20% over the price, made on the alerts screen's endpoint. */
    const alertAbove = async (user: User, q: Quote) =>
      (
        await send<{ data: Alert }>(
          ctx(),
          user,
          'POST',
          '/api/alerts',
          {
            symbol: q.symbol,
            condition: 'above',
            value: roundToTick(q.price * 1.2),
          },
          201,
        )
      ).data;
    /** The same understanding, said as an instruction. */
    const act = (user: User, intent: Parameters<typeof parsed>[0], extra: Parameters<typeof parsed>[1]) =>
      answer(ctx(), user, parsed(intent, { ...extra, imperative: true }));

    it('sets up two traders with resting orders, alerts, GTTs and a watchlist', async () => {
      asha = await signUp(ctx());
      ravi = await signUp(ctx());
      itc = await get<Quote>(ctx(), undefined, '/api/stocks/quote/ITC');
      const tcs = await get<Quote>(ctx(), undefined, '/api/stocks/quote/TCS');
      // Each holds shares and has one resting limit buy 5% under the price.
      const holdAndRest = async (user: User, q: Quote, held: number, resting: number) => {
        await place(ctx(), user, { type: 'BUY', symbol: q.symbol, orderType: 'MARKET', quantity: held });
        const limit = { type: 'BUY', symbol: q.symbol, orderType: 'LIMIT', quantity: resting };
        return (await place(ctx(), user, { ...limit, price: roundToTick(q.price * 0.95) })).data.order;
      };
      ashaItc = await holdAndRest(asha, itc, 10, 3);
      raviTcs = await holdAndRest(ravi, tcs, 1, 2);
      raviAlert = await alertAbove(ravi, tcs);
      raviGtt = (
        await send<{ data: Gtt }>(
          ctx(),
          ravi,
          'POST',
          '/api/gtt',
          {
            symbol: 'TCS',
            kind: 'single',
            side: 'SELL',
            quantity: 1,
            legs: [{ triggerPrice: roundToTick(tcs.price * 1.1), limitPrice: roundToTick(tcs.price * 1.1) }],
          },
          201,
        )
      ).data;
      const lists = await get<Watchlist[]>(ctx(), asha, '/api/watchlist');
      expect(lists.length).toBeGreaterThan(0);
    });

    it("cancel: the resting order of that symbol, only on an instruction, never another user's", async () => {
      const cancel = parsed('orders', { symbols: ['ITC'], op: 'cancel', imperative: true });
      const reply = await answer(ctx(), asha, cancel);
      expect(reply).toMatchObject({
        action: 'cancel_order',
        params: { orderId: ashaItc.id, symbol: 'ITC', side: 'BUY', quantity: 3 },
      });
      expect(reply.response).toContain('pending BUY of 3 shares of **ITC**');
      // The same understanding as a question is a status answer with no proposal.
      const asked = await answer(ctx(), asha, { ...cancel, imperative: false });
      expectNoProposal(asked);
      expect(asked.params?.orderId).toBeUndefined();
      // Ravi's TCS order is not Asha's to cancel: she has none in TCS.
      const other = await act(asha, 'orders', { symbols: ['TCS'], op: 'cancel' });
      expect(other.action).toBeUndefined();
      expect(other.response).toBe('You have no pending order in **TCS** to cancel.');
      expect(JSON.stringify(other)).not.toContain(raviTcs.id);
      // And the order is untouched: proposals change nothing.
      const orders = await get<Order[]>(ctx(), asha, '/api/orders/all?status=PENDING');
      expect(orders.map((o) => o.id)).toEqual([ashaItc.id]);
    });

    it("modify: new quantity and price with the order's current values as `from`", async () => {
      const reply = await act(asha, 'orders', {
        symbols: ['ITC'],
        op: 'modify',
        quantity: 5,
        price: ashaItc.limitPrice! - 1,
      });
      expect(reply).toMatchObject({
        action: 'modify_order',
        params: {
          orderId: ashaItc.id,
          quantity: 5,
          price: ashaItc.limitPrice! - 1,
          from: { quantity: 3, price: ashaItc.limitPrice },
        },
      });
      const asked = await answer(
        ctx(),
        asha,
        parsed('orders', { symbols: ['ITC'], op: 'modify', imperative: false, quantity: 5 }),
      );
      expectNoProposal(asked);
      const other = await act(asha, 'orders', { symbols: ['TCS'], op: 'modify', quantity: 5 });
      expect(other.action).toBeUndefined();
    });

    it('modify: a value the order already has is no change; only what differs is proposed', async () => {
      const same = await act(asha, 'orders', {
        symbols: ['ITC'],
        op: 'modify',
        quantity: 3,
        price: ashaItc.limitPrice!,
      });
      expectNoProposal(same);
      expect(same.response).toContain('is already 3 shares, LIMIT at');
      expect(same.response).toContain('nothing to change');
      const one = await act(asha, 'orders', {
        symbols: ['ITC'],
        op: 'modify',
        quantity: 4,
        price: ashaItc.limitPrice!,
      });
      expect(one.action).toBe('modify_order');
      expect(one.params).toMatchObject({ orderId: ashaItc.id, quantity: 4 });
      expect(one.params).not.toHaveProperty('price');
      expect(one.response).not.toContain('limit');
    });

    it("alerts: change and delete propose on the asker's own alert only", async () => {
      const mine = await alertAbove(asha, itc);
      const change = parsed('alert', {
        symbols: ['ITC'],
        op: 'change',
        imperative: true,
        alertPrice: roundToTick(itc.price * 1.3),
      });
      expect(await answer(ctx(), asha, change)).toMatchObject({
        action: 'modify_alert',
        params: {
          alertId: mine.id,
          symbol: 'ITC',
          condition: 'above',
          price: roundToTick(itc.price * 1.3),
          from: { condition: 'above', price: mine.value },
        },
      });
      expectNoProposal(await answer(ctx(), asha, { ...change, imperative: false }));
      const del = parsed('alert', { symbols: ['ITC'], op: 'delete', imperative: true });
      expect(await answer(ctx(), asha, del)).toMatchObject({
        action: 'delete_alert',
        params: { alertId: mine.id },
      });
      expectNoProposal(await answer(ctx(), asha, { ...del, imperative: false }));
      const theirs = await act(asha, 'alert', { symbols: ['TCS'], op: 'delete' });
      expect(theirs.action).toBeUndefined();
      expect(JSON.stringify(theirs)).not.toContain(raviAlert.id);
    });

    it("GTT: create is a single leg on the tick grid (limit = trigger when one price is given); delete is the asker's own", async () => {
      const level = itc.price * 0.93 + 0.013;
      const create = parsed('gtt', {
        symbols: ['ITC'],
        op: 'create',
        imperative: true,
        side: 'BUY',
        quantity: 4,
        price: level,
      });
      const reply = await answer(ctx(), asha, create);
      expect(reply).toMatchObject({
        action: 'create_gtt',
        params: {
          symbol: 'ITC',
          side: 'BUY',
          quantity: 4,
          triggerPrice: roundToTick(level),
          limitPrice: roundToTick(level),
        },
      });
      expectNoProposal(await answer(ctx(), asha, { ...create, imperative: false }));
      // A sell GTT for shares not held is refused as the GTT screen would refuse it.
      const sell = await answer(ctx(), asha, {
        ...create,
        side: 'SELL',
        quantity: 50,
        price: itc.price * 1.1,
      });
      expect(sell.action).toBeUndefined();
      expect(sell.response).toContain('You hold 10 shares of **ITC**');
      const del = await act(ravi, 'gtt', { symbols: ['TCS'], op: 'delete' });
      expect(del).toMatchObject({
        action: 'delete_gtt',
        params: { gttId: raviGtt.id, symbol: 'TCS', side: 'SELL', quantity: 1 },
      });
      const notMine = await act(asha, 'gtt', { op: 'delete' });
      expect(notMine.action).toBeUndefined();
      expect(JSON.stringify(notMine)).not.toContain(raviGtt.id);
    });

    it("GTT change: the asker's single-leg GTT at the new level, as PATCH /api/gtt/:id takes it; never another user's", async () => {
      const tcs = await get<Quote>(ctx(), undefined, '/api/stocks/quote/TCS');
      const leg = raviGtt.legs[0]!;
      const level = tcs.price * 1.15 + 0.013;
      const change = parsed('gtt', { symbols: ['TCS'], op: 'change', imperative: true, price: level });
      const reply = await answer(ctx(), ravi, change);
      const params = {
        gttId: raviGtt.id,
        symbol: 'TCS',
        side: 'SELL',
        quantity: 1,
        triggerPrice: roundToTick(level),
        limitPrice: roundToTick(roundToTick(level) + (leg.limitPrice - leg.triggerPrice)),
        from: { quantity: 1, triggerPrice: leg.triggerPrice, limitPrice: leg.limitPrice },
      };
      expect(reply).toMatchObject({ intent: 'gtt', action: 'modify_gtt', params });
      expectNoProposal(await answer(ctx(), ravi, { ...change, imperative: false }));
      // More shares than held, or a GTT that is not theirs, is never offered.
      const tooMany = await answer(ctx(), ravi, { ...change, quantity: 5 });
      expect(tooMany.action).toBeUndefined();
      expect(tooMany.response).toContain('You hold 1 share of **TCS**');
      const theirs = await act(asha, 'gtt', { symbols: ['TCS'], op: 'change', price: level });
      expect(theirs.action).toBeUndefined();
      expect(JSON.stringify(theirs)).not.toContain(raviGtt.id);
      // Confirming the card is the GTT screen's own call: the GTT then has the proposed leg.
      const patched = await send<{ data: Gtt }>(
        ctx(),
        ravi,
        'PATCH',
        `/api/gtt/${raviGtt.id}`,
        {
          quantity: params.quantity,
          legs: [{ triggerPrice: params.triggerPrice, limitPrice: params.limitPrice }],
        },
        200,
      );
      expect(patched.data.legs[0]).toMatchObject({
        triggerPrice: params.triggerPrice,
        limitPrice: params.limitPrice,
      });
      raviGtt = patched.data;
    });

    it('watchlist: remove only what is on it, on an instruction; "is X on it?" is a question', async () => {
      const lists = await get<Watchlist[]>(ctx(), asha, '/api/watchlist');
      const listed = 'LT';
      if (!lists.some((l) => l.stocks.some((x) => x.symbol === listed)))
        await send(
          ctx(),
          asha,
          'POST',
          '/api/watchlist/add',
          { symbol: listed, watchlistId: lists[0]!.id },
          200,
        );
      const others = await get<Watchlist[]>(ctx(), asha, '/api/watchlist');
      expect(others.some((l) => l.stocks.some((x) => x.symbol === 'WIPRO'))).toBe(false);
      const remove = parsed('watchlist', { symbols: [listed], op: 'remove', imperative: true });
      expect(await answer(ctx(), asha, remove)).toMatchObject({
        action: 'remove_watchlist',
        params: { symbol: listed },
      });
      const asked = await answer(ctx(), asha, { ...remove, imperative: false });
      expectNoProposal(asked);
      expect(asked.response).toContain(`Yes, **${listed}** is on your watchlist`);
      // Removing what is not there, or asking to remove, never turns into an add.
      const absent = await act(asha, 'watchlist', { symbols: ['WIPRO'], op: 'remove' });
      expect(absent.action).toBeUndefined();
      expect(absent.response).toContain('is not on your watchlist');
    });

    it("journal note: on the asker's latest fill of the symbol, never another user's fill", async () => {
      const note = parsed('journal', {
        symbols: ['ITC'],
        op: 'note',
        imperative: true,
        note: 'bought the dip',
      });
      const reply = await answer(ctx(), asha, note);
      expect(reply).toMatchObject({
        action: 'add_journal_note',
        params: { symbol: 'ITC', side: 'BUY', quantity: 10, note: 'bought the dip' },
      });
      const fillId = reply.params!.fillId as string;
      const created = await send<{ trade: { fill: { id: string } | null } }>(
        ctx(),
        asha,
        'POST',
        '/api/trades',
        { fillId, note: 'bought the dip' },
        201,
      );
      expect(created.trade.fill?.id).toBe(fillId);
      expectNoProposal(await answer(ctx(), asha, { ...note, imperative: false }));
      const theirs = await act(asha, 'journal', { symbols: ['TCS'], op: 'note', note: 'x' });
      expect(theirs.action).toBeUndefined();
      expect(theirs.response).toBe('You have no **TCS** trade to add a note to yet.');
    });

    it('buy and sell: a question gets facts, never an order proposal', async () => {
      const buy = parsed('buy', { symbols: ['ITC'], quantity: 2 });
      expect(await answer(ctx(), asha, { ...buy, imperative: true })).toMatchObject({
        action: 'buy_stock',
        params: { symbol: 'ITC', quantity: 2 },
      });
      const asked = await answer(ctx(), asha, { ...buy, imperative: false });
      expectNoProposal(asked);
      const sell = await answer(ctx(), asha, parsed('sell', { symbols: ['ITC'], imperative: false }));
      expect(sell.action).toBeUndefined();
    });

    it('"half of it" right after a buy or sell proposal halves that proposal; otherwise it is half the holding', async () => {
      const follow = (intent: 'buy' | 'sell', fraction: 'half' | 'quarter') =>
        parsed(intent, {
          symbols: ['ITC'],
          fraction,
          followUp: { edited: ['fraction'] },
          imperative: true,
          fromContext: true,
        });
      const after = (action: 'buy_stock' | 'sell_stock' | undefined, symbol: string, quantity?: number) => ({
        last: {
          intent: action === 'buy_stock' ? ('buy' as const) : ('sell' as const),
          symbols: [symbol],
          ...(quantity !== undefined ? { quantity } : {}),
          ...(action ? { action } : {}),
        },
      });
      const sellHalf = await answer(ctx(), asha, follow('sell', 'half'), after('sell_stock', 'ITC', 6));
      expect(sellHalf).toMatchObject({ action: 'sell_stock', params: { symbol: 'ITC', quantity: 3 } });
      expect(sellHalf.response).toContain('Half of the 6 shares in your last request is 3.');
      expect(sellHalf.context).toBeDefined();
      const buyQuarter = await answer(ctx(), asha, follow('buy', 'quarter'), after('buy_stock', 'ITC', 9));
      expect(buyQuarter).toMatchObject({ action: 'buy_stock', params: { symbol: 'ITC', quantity: 2 } });
      // Too small a part of the proposal is said, never rounded up to a share.
      const tooSmall = await answer(ctx(), asha, follow('sell', 'quarter'), after('sell_stock', 'ITC', 3));
      expectNoProposal(tooSmall);
      expect(tooSmall.response).toContain('less than one share');
      // After a question, or a proposal for another stock, "half of it" is half of what is held.
      const held = (await get<Holding[]>(ctx(), asha, '/api/portfolio/holdings'))
        .filter((x) => x.symbol === 'ITC')
        .reduce((n, x) => n + x.quantity, 0);
      for (const context of [after(undefined, 'ITC'), after('sell_stock', 'TCS', 6)]) {
        const reply = await answer(ctx(), asha, follow('sell', 'half'), context);
        expect(reply).toMatchObject({
          action: 'sell_stock',
          params: { symbol: 'ITC', quantity: Math.floor(held / 2) },
        });
      }
    });

    it('a GTT with no side named asks buy or sell and proposes nothing (a stop-loss still sells)', async () => {
      const level = roundToTick(itc.price * 0.9);
      for (const extra of [{ price: level }, { triggerPrice: level, orderType: 'LIMIT' as const }]) {
        const reply = await act(asha, 'gtt', { symbols: ['ITC'], op: 'create', quantity: 2, ...extra });
        expectNoProposal(reply);
        expect(reply.response).toMatch(/^Should the GTT buy or sell \*\*ITC\*\*\?/);
        expect(reply.suggestions).toEqual([`GTT buy 2 ITC at ${level}`, `GTT sell 2 ITC at ${level}`]);
      }
      const stop = await act(asha, 'gtt', {
        symbols: ['ITC'],
        op: 'create',
        quantity: 2,
        orderType: 'STOP',
        triggerPrice: level,
      });
      expect(stop).toMatchObject({ action: 'create_gtt', params: { side: 'SELL', quantity: 2 } });
    });

    it('a set-alert proposal says when the price is already past its level; a GTT names only what it still needs', async () => {
      const level = roundToTick(itc.price * 0.9);
      const alertAt = (condition: 'above' | 'below') =>
        act(asha, 'alert', { symbols: ['ITC'], op: 'create', condition, alertPrice: level });
      const past = await alertAt('above');
      expect(past.action).toBe('set_alert');
      expect(past.response).toContain(
        'It is already at or above that level, so this alert would trigger at the next price check.',
      );
      const ahead = await alertAt('below');
      expect(ahead.action).toBe('set_alert');
      expect(ahead.response).not.toContain('already');
      const noLevel = await act(asha, 'gtt', { symbols: ['ITC'], op: 'create', side: 'SELL', quantity: 3 });
      expectNoProposal(noLevel);
      expect(noLevel.response).toMatch(/^The GTT still needs a trigger price\. .*“GTT sell 3 ITC at …”/);
      const noQuantity = await act(asha, 'gtt', { symbols: ['ITC'], op: 'create', side: 'BUY', price: 250 });
      expect(noQuantity.response).toMatch(/^The GTT still needs a quantity\. .*“GTT buy 10 ITC at 250”/);
    });
  },
  { now: () => NOW },
);
