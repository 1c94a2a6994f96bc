import { expect, it } from 'vitest';
import {
  optionChainResponseSchema,
  optionExpiriesResponseSchema,
  type OptionChain,
  type SaytrixReply,
} from '@nivesh/shared';
import { inr } from '../../src/modules/saytrix/saytrix.format.js';
import { key } from '../support/orders.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/**
 * Saytrix on the Options Lab (issue 28): every figure it states is the chain's own at that moment
 * (the clock is frozen), a buy of an option is answered, never proposed, and a replay has no chain.
 */
type User = Awaited<ReturnType<typeof signUp>>;
// Thursday 26 November 2026, 10:30 IST: the nearest NIFTY weekly is Tuesday 1 December.
const wall = { now: Date.parse('2026-11-26T05:00:00Z') };

async function chat(ctx: TestContext, user: User, message: string, extra: Record<string, unknown> = {}) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/saytrix/chat',
    token: user.token,
    payload: { message, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SaytrixReply;
}

async function get<T>(ctx: TestContext, user: User, url: string, parse: (x: unknown) => { data: T }) {
  const res = await ctx.request({ method: 'GET', url, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.json()).data;
}

const chainOf = (ctx: TestContext, user: User, query: string): Promise<OptionChain> =>
  get(ctx, user, `/api/options/chain?${query}`, (x) => optionChainResponseSchema.parse(x));

describeEachDb(
  'Saytrix answers options questions from the chain',
  (context) => {
    it('the chain near the money, one contract and the ATM straddle carry the chain’s own prices', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const chain = await chainOf(ctx, user, 'underlying=NIFTY&strikes=5');
      const atm = chain.strikes.find((r) => r.strike === chain.atmStrike)!;

      const overview = await chat(ctx, user, 'nifty option chain');
      expect(overview.intent).toBe('options');
      expect(overview.response).toContain(`call ${inr(atm.call.ltp)}, put ${inr(atm.put.ltp)}`);
      expect(overview.response).toContain('lot 65');
      expect(overview.action).toBeUndefined();

      const contract = await chat(ctx, user, `what is nifty ${chain.atmStrike} pe trading at`);
      expect(contract.response).toContain(atm.put.tradingsymbol);
      expect(contract.response).toContain(
        `${inr(atm.put.ltp)} (bid ${inr(atm.put.bid)}, ask ${inr(atm.put.ask)})`,
      );

      const straddle = await chat(ctx, user, 'how much is the nifty atm straddle');
      const cost = Math.round((atm.call.ltp + atm.put.ltp) * 100) / 100;
      expect(straddle.response).toContain(`costs ${inr(cost)}`);
    });

    it('a trading symbol, the expiries and the lot come from the contract data', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const expiries = await get(ctx, user, '/api/options/expiries?underlying=BANKNIFTY', (x) =>
        optionExpiriesResponseSchema.parse(x),
      );
      const lot = await chat(ctx, user, 'bank nifty lot size');
      expect(lot.response).toContain(`one lot is ${expiries.lotSize} units`);
      expect(lot.response).toContain('monthly, on the last Tuesday');

      const listed = await chat(ctx, user, 'when is the next bank nifty expiry');
      expect(listed.response).toContain(expiries.futures[0]!.tradingsymbol);

      const chain = await chainOf(ctx, user, 'underlying=NIFTY&strikes=2');
      const row = chain.strikes[0]!;
      const typed = await chat(ctx, user, row.call.tradingsymbol);
      expect(typed.response).toContain(inr(row.call.ltp));
      const bogus = await chat(ctx, user, 'NIFTY26D0324000CE');
      expect(bogus.response).toContain('not a listed NIFTY contract');
    });

    it('asking to buy an option is answered with its quote and where to trade it, with no proposal', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const chain = await chainOf(ctx, user, 'underlying=NIFTY&strikes=1');
      const reply = await chat(ctx, user, `buy 1 lot of nifty ${chain.atmStrike} call`);
      expect(reply.intent).toBe('options');
      expect(reply.action).toBeUndefined();
      expect(reply.params).toBeUndefined();
      expect(reply.response).toContain('don’t place option orders from chat');
    });

    it('the user’s F&O positions are the positions endpoint’s, and a replay has no chain', async () => {
      const ctx = context();
      const user = await signUp(ctx);
      const empty = await chat(ctx, user, 'show my options positions');
      expect(empty.response).toContain('no open options or futures positions');
      // A ₹5 lakh portfolio: one NIFTY lot's premium does not fit ₹10,000.
      const made = await ctx.request({
        method: 'POST',
        url: '/api/portfolios',
        token: user.token,
        payload: { name: 'F&O', startingCash: 500000 },
      });
      expect(made.statusCode, made.body).toBe(201);
      const portfolioId = made.json().data.id as string;
      const chain = await chainOf(ctx, user, 'underlying=NIFTY&strikes=1');
      const symbol = chain.strikes[1]!.call.tradingsymbol;
      const placed = await ctx.request({
        method: 'POST',
        url: '/api/orders/place',
        token: user.token,
        payload: {
          symbol,
          type: 'BUY',
          quantity: 65,
          orderType: 'MARKET',
          product: 'NRML',
          clientOrderId: key(),
          portfolioId,
        },
      });
      expect(placed.statusCode, placed.body).toBeLessThan(300);
      const held = await chat(ctx, user, 'show my options positions', { portfolioId });
      expect(held.response).toContain(symbol);
      expect(held.response).toContain('long 1 lot (65)');

      const replay = await ctx.request({
        method: 'POST',
        url: '/api/replays',
        token: user.token,
        payload: { date: '2024-01-10' },
      });
      expect(replay.statusCode, replay.body).toBe(201);
      const inReplay = await chat(ctx, user, 'nifty option chain', { replayId: replay.json().data.id });
      expect(inReplay.response).toContain('a replay has no option chain');
    });
  },
  { now: () => wall.now },
);
