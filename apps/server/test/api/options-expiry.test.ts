import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { exerciseStt, optionChainResponseSchema, rupeesToPaise, type Order } from '@nivesh/shared';
import { databaseQuery, integrityViolations } from '../support/integrity.js';
import { key, place, type User } from '../support/orders.js';
import { setCash } from '../support/options.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

const ist = (local: string) => Date.parse(`${local}+05:30`);
// Tuesday 29 December 2026: December's monthly expiry, for NIFTY options and the NIFTY future.
const EXPIRY = '2026-12-29';
const clock = { now: ist(`${EXPIRY}T10:30:00`) };

async function account(ctx: TestContext, user: User) {
  const [row] = await ctx.rows<{ balance: string; reserved: string; margin: string; entries: string }>(
    sql`select a.balance_paise::text as balance, a.reserved_paise::text as reserved, a.fo_margin_paise::text as margin,
               (select count(*) from ledger_entries l where l.account_id = a.id)::text as entries
        from cash_accounts a where a.user_id = ${user.user.id}`,
  );
  return {
    balance: BigInt(row!.balance),
    reserved: BigInt(row!.reserved),
    margin: BigInt(row!.margin),
    entries: Number(row!.entries),
  };
}

async function filledAt(ctx: TestContext, user: User, symbol: string, type: 'BUY' | 'SELL'): Promise<bigint> {
  const res = await place(ctx, user, {
    symbol,
    type,
    quantity: 65,
    orderType: 'MARKET',
    product: 'NRML',
    clientOrderId: key(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return rupeesToPaise((res.json().data.order as Order).executionPrice!);
}

describeEachDb(
  'options expiry settlement',
  (ctx) => {
    it('settles a long ITM call, a short OTM put and a long future exactly at the index close, once', async () => {
      clock.now = ist(`${EXPIRY}T10:30:00`);
      const user = await signUp(ctx());
      await setCash(ctx(), user, 100_000_000n);
      const chainRes = await ctx().request({
        method: 'GET',
        url: `/api/options/chain?underlying=NIFTY&expiry=${EXPIRY}&strikes=12`,
        token: user.token,
      });
      const chain = optionChainResponseSchema.parse(chainRes.json()).data;
      expect(chain.expiryKind).toBe('monthly');
      const itmCall = chain.strikes[8]!; // 4 strikes (200 points) below the money
      const otmPut = chain.strikes[0]!; // 12 strikes (600 points) below the money
      const callPrice = await filledAt(ctx(), user, itmCall.call.tradingsymbol, 'BUY');
      await filledAt(ctx(), user, otmPut.put.tradingsymbol, 'SELL');
      const futurePrice = await filledAt(ctx(), user, 'NIFTY26DECFUT', 'BUY');
      const before = await account(ctx(), user);
      expect(before.margin).toBeGreaterThan(0n);

      // Not before the close: at 15:29 nothing settles.
      clock.now = ist(`${EXPIRY}T15:29:00`);
      expect((await ctx().app.expirySettlement.runOnce()).settled).toBe(0);

      // The settlement price: the simulated index at 15:30 IST.
      clock.now = ist(`${EXPIRY}T15:30:00`);
      const quote = await ctx().request({
        method: 'GET',
        url: '/api/stocks/quote/NIFTY50',
        token: user.token,
      });
      const close = rupeesToPaise(quote.json().data.price as number);
      const callStrike = rupeesToPaise(itmCall.strike);
      expect(close).toBeGreaterThan(callStrike);
      expect(close).toBeGreaterThan(rupeesToPaise(otmPut.strike));

      clock.now = ist(`${EXPIRY}T16:05:00`);
      expect((await ctx().app.expirySettlement.runOnce()).settled).toBe(3);
      const intrinsic = (close - callStrike) * 65n;
      const stt = exerciseStt(intrinsic, EXPIRY);
      expect(stt).toBe((intrinsic * 15n + 5_000n) / 10_000n); // 0.15% of the intrinsic, half-up
      const futurePnl = (close - futurePrice) * 65n;
      const after = await account(ctx(), user);
      expect(after.balance).toBe(before.balance + intrinsic - stt + futurePnl);
      expect(after).toMatchObject({ reserved: 0n, margin: 0n });
      const settlements = await ctx().rows<{
        tradingsymbol: string;
        amount: string;
        stt: string;
        price: string;
      }>(
        sql`select tradingsymbol, amount_paise::text as amount, stt_paise::text as stt, settle_price_paise::text as price
            from fo_settlements where user_id = ${user.user.id} order by tradingsymbol`,
      );
      expect(settlements).toEqual(
        [
          {
            tradingsymbol: itmCall.call.tradingsymbol,
            amount: (intrinsic - stt).toString(),
            stt: stt.toString(),
          },
          { tradingsymbol: otmPut.put.tradingsymbol, amount: '0', stt: '0' },
          { tradingsymbol: 'NIFTY26DECFUT', amount: futurePnl.toString(), stt: '0' },
        ]
          .map((s) => ({ ...s, price: close.toString() }))
          .sort((a, b) => a.tradingsymbol.localeCompare(b.tradingsymbol)),
      );
      const positions = await ctx().rows<{ tradingsymbol: string; quantity: number; realised: string }>(
        sql`select tradingsymbol, quantity, realized_pnl_paise::text as realised from fo_positions where user_id = ${user.user.id}`,
      );
      expect(positions.every((p) => p.quantity === 0)).toBe(true);
      const call = positions.find((p) => p.tradingsymbol === itmCall.call.tradingsymbol)!;
      expect(BigInt(call.realised)).toBe(intrinsic - callPrice * 65n - stt);
      const lines = await ctx().rows<{ kind: string; description: string }>(
        sql`select kind, description from ledger_entries where user_id = ${user.user.id} and order_id is null and kind <> 'OPENING_BALANCE' order by id`,
      );
      expect(lines.map((l) => l.kind).sort()).toEqual(['FEE_STT', 'FO_SETTLEMENT', 'FO_SETTLEMENT']);
      expect(lines.find((l) => l.kind === 'FEE_STT')!.description).toMatch(/STT on exercise/);

      // Running again (or late, the next day) changes nothing.
      clock.now = ist('2026-12-30T10:00:00');
      expect((await ctx().app.expirySettlement.runOnce()).settled).toBe(0);
      expect(await account(ctx(), user)).toEqual(after);
      expect(await integrityViolations(databaseQuery(ctx().database.db))).toEqual([]);
    });

    it('refuses an order on a contract that has expired', async () => {
      clock.now = ist('2026-12-30T10:00:00');
      const user = await signUp(ctx());
      await setCash(ctx(), user, 100_000_000n);
      const res = await place(ctx(), user, {
        symbol: 'NIFTY26DECFUT',
        type: 'BUY',
        quantity: 65,
        orderType: 'MARKET',
        product: 'NRML',
        clientOrderId: key(),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('This contract expired on 2026-12-29');
    });
  },
  { now: () => clock.now },
);
