import { expect, it } from 'vitest';
import {
  formatInr,
  roundToTick,
  saytrixChatResponseSchema,
  type AccountFigures,
  type Holding,
  type OrderPreview,
  type Quote,
  type SaytrixReply,
} from '@nivesh/shared';
import {
  describeEachDb,
  expectNoProposal,
  get,
  NOW,
  place,
  signUp,
  type User,
} from './saytrix-handlers.support.js';
import type { TestContext } from '../support/test-app.js';

/** One conversation through POST /api/saytrix/chat: each message in the same session. */
async function talk(ctx: TestContext, user: User, ...messages: string[]): Promise<SaytrixReply[]> {
  const sessionId = `r4-${messages.length}-${messages[0]!.length}-${user.user.id.slice(0, 8)}`;
  const replies: SaytrixReply[] = [];
  for (const message of messages) {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/saytrix/chat',
      token: user.token,
      payload: { message, sessionId, mode: 'casual' },
    });
    expect(res.statusCode, res.body).toBe(200);
    replies.push(saytrixChatResponseSchema.parse(res.json()).data);
  }
  return replies;
}

// Issue 24, round 4: slots, follow-ups and figures through the whole chat path (understanding,
// session context, handlers), each figure against the app's own endpoint at the same frozen moment.
describeEachDb(
  'saytrix round 4: follow-ups, whole-position sells, alert changes, figures',
  (ctx) => {
    let kiran: User;
    let itc: Quote;
    let wipro: Quote;

    it('sets up a trader holding ITC (part of it on a resting sell) and Wipro', async () => {
      kiran = await signUp(ctx());
      itc = await get<Quote>(ctx(), undefined, '/api/stocks/quote/ITC');
      wipro = await get<Quote>(ctx(), undefined, '/api/stocks/quote/WIPRO');
      await place(ctx(), kiran, { type: 'BUY', symbol: 'ITC', orderType: 'MARKET', quantity: 9 });
      await place(ctx(), kiran, { type: 'BUY', symbol: 'WIPRO', orderType: 'MARKET', quantity: 4 });
      await place(ctx(), kiran, {
        type: 'SELL',
        symbol: 'ITC',
        orderType: 'LIMIT',
        quantity: 3,
        price: roundToTick(itc.price * 1.05),
      });
    });

    it('"what if it\'s intraday" re-prices the last charges question for MIS, as the order preview does', async () => {
      const [cnc, mis] = (await talk(
        ctx(),
        kiran,
        'charges for buying 12 wipro',
        'ok and if it is intraday?',
      )) as [SaytrixReply, SaytrixReply];
      expect(cnc).toMatchObject({
        intent: 'fees',
        params: { symbol: 'WIPRO', quantity: 12, product: 'CNC' },
      });
      expect(mis).toMatchObject({
        intent: 'fees',
        params: { symbol: 'WIPRO', quantity: 12, product: 'MIS' },
      });
      expect(mis.context).toContain('intraday');
      const res = await ctx().request({
        method: 'POST',
        url: '/api/orders/preview',
        token: kiran.token,
        payload: {
          symbol: 'WIPRO',
          type: 'BUY',
          orderType: 'MARKET',
          quantity: 12,
          validity: 'DAY',
          product: 'MIS',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const preview = (res.json() as { data: OrderPreview }).data;
      expect(mis.response).toContain(`Charges: **${fmt(preview.fees.total)}**`);
      expectNoProposal(mis);
    });

    it('"make it delivery" after an intraday buy is the same buy as CNC', async () => {
      const [, cnc] = await talk(ctx(), kiran, 'buy 2 wipro intraday', 'make it delivery instead');
      expect(cnc).toMatchObject({
        action: 'buy_stock',
        params: { symbol: 'WIPRO', quantity: 2, product: 'CNC' },
      });
    });

    it('a sell with no size proposes the shares free to sell, and says what pending sells hold back', async () => {
      const holdings = await get<Holding[]>(ctx(), kiran, '/api/portfolio/holdings');
      const mine = holdings.find((h) => h.symbol === 'ITC')!;
      for (const message of ['sell my itc', 'square off itc', 'itc bech do']) {
        const [reply] = await talk(ctx(), kiran, message);
        expect(reply).toMatchObject({
          action: 'sell_stock',
          params: { symbol: 'ITC', quantity: mine.sellableQuantity },
        });
        expect(reply!.response).toContain(`${mine.reservedQuantity} held back by pending sells`);
      }
      // Nothing held: nothing proposed.
      const [none] = await talk(ctx(), kiran, 'sell my tcs');
      expectNoProposal(none!);
    });

    it('changing an alert that does not exist offers it as a new alert, said plainly', async () => {
      const level = roundToTick(wipro.price * 1.1);
      const [reply] = await talk(ctx(), kiran, `change my wipro alert to ${level}`);
      expect(reply).toMatchObject({
        action: 'set_alert',
        params: { symbol: 'WIPRO', condition: 'above', price: level },
      });
      expect(reply!.response).toContain('You have no active price alert on **WIPRO** to change');
    });

    it('"same for X" after an alert keeps a level that fits X, and asks again when it was the other stock\'s', async () => {
      // A level 10% over Wipro's price fits Wipro, whatever ITC trades at.
      const level = roundToTick(wipro.price * 1.1);
      const [, fits] = await talk(ctx(), kiran, `alert me when itc goes above ${level}`, 'same for wipro');
      expect(fits).toMatchObject({
        action: 'set_alert',
        params: { symbol: 'WIPRO', condition: 'above', price: level },
      });
      const [, far] = await talk(ctx(), kiran, `alert me when itc goes above ${level}`, 'same for tcs');
      expect(far!.action).toBeUndefined();
      expect(far!.response).toContain('At what price? **TCS**');
    });

    it("figures said casually equal the endpoints: Day's and Total P&L, 52-week range, what I paid", async () => {
      const account = (await get<{ figures: AccountFigures }>(ctx(), kiran, '/api/portfolio/account'))
        .figures;
      const [day] = await talk(ctx(), kiran, "how's my p&l today");
      expect(day!.response).toContain(fmt(Math.abs(account.daysPnl)));
      const [total] = await talk(ctx(), kiran, 'how much have i earned so far');
      expect(total!.response).toContain(fmt(Math.abs(account.totalPnl)));
      const [year] = await talk(ctx(), kiran, 'wipro ka ek saal ka high');
      expect(year!.response).toContain(`52-week high **${fmt(wipro.yearHigh!)}**`);
      const holdings = await get<Holding[]>(ctx(), kiran, '/api/portfolio/holdings');
      const [paid] = await talk(ctx(), kiran, 'at what price did i buy wipro');
      expect(paid).toMatchObject({ intent: 'holding' });
      expect(paid!.response).toContain(fmt(holdings.find((h) => h.symbol === 'WIPRO')!.averagePrice));
      expectNoProposal(paid!);
    });
  },
  { now: () => NOW },
);

const fmt = formatInr;
