import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Portfolio } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { key } from '../support/orders.js';
import {
  call,
  createClass,
  expectClassRule,
  joinClass,
  order,
  price,
  snapshot,
  wall,
} from '../support/classes-probe.js';

/** Classrooms (issue 26) probed black-box over HTTP: rules before reservation, boundaries, races, money. */
describeEachDb(
  'classrooms probe: rules, races and money',
  (context) => {
    it('each rule refuses with CLASS_RULE before anything is reserved, and allows at its boundary', async () => {
      const ctx = context();
      const teacher = await signUp(ctx);
      const s = await signUp(ctx);
      const itc = await price(ctx, s, 'ITC');
      const tcs = await price(ctx, s, 'TCS');
      expect(tcs).toBeGreaterThan(itc);

      const refusedUnchanged = async (pid: string, body: Record<string, unknown>, text: RegExp) => {
        const before = await snapshot(ctx, s, pid);
        const res = await order(ctx, s, pid, body);
        expectClassRule(res, text);
        expect(await snapshot(ctx, s, pid)).toEqual(before);
        return res.json() as { suggestion?: { quantity: number } };
      };
      const placed = async (pid: string, body: Record<string, unknown>) => {
        const res = await order(ctx, s, pid, body);
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data.order as { status: string; quantity: number };
      };

      // Position cap 20% of ₹1,00,000: exactly the cap fills, one more share is refused with the largest quantity.
      const cap = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, { rules: { maxPositionPercent: 20 } }),
      );
      const most = Math.floor(2_000_000 / Math.round(tcs * 100));
      const refused = await refusedUnchanged(
        cap,
        { symbol: 'TCS', orderType: 'LIMIT', price: tcs, quantity: most + 1 },
        /20%/,
      );
      expect(refused.suggestion?.quantity).toBe(most);
      expect(
        (
          await placed(cap, {
            symbol: 'TCS',
            orderType: 'LIMIT',
            price: tcs,
            quantity: refused.suggestion!.quantity,
          })
        ).quantity,
      ).toBe(most);
      await refusedUnchanged(cap, { symbol: 'TCS', orderType: 'LIMIT', price: tcs, quantity: 1 }, /20%/);
      // Selling is never capped.
      await placed(cap, { symbol: 'TCS', type: 'SELL', quantity: 1 });

      const mis = await joinClass(ctx, s, await createClass(ctx, teacher, { rules: { allowMIS: false } }));
      await refusedUnchanged(mis, { symbol: 'ITC', quantity: 1, product: 'MIS' }, /MIS|intraday/i);
      await placed(mis, { symbol: 'ITC', quantity: 1 });

      const types = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, { rules: { allowedOrderTypes: ['LIMIT'] } }),
      );
      await refusedUnchanged(types, { symbol: 'ITC', quantity: 1 }, /limit/i);
      await refusedUnchanged(
        types,
        { symbol: 'ITC', quantity: 1, orderType: 'STOP', triggerPrice: Math.ceil(itc * 1.02 * 20) / 20 },
        /limit/i,
      );
      await placed(types, { symbol: 'ITC', quantity: 1, orderType: 'LIMIT', price: itc });

      const list = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, { rules: { universe: ['tcs', ' infy '] } }),
      );
      await refusedUnchanged(list, { symbol: 'ITC', quantity: 1 }, /ITC/);
      await placed(list, { symbol: 'TCS', quantity: 1 });

      // minPrice exactly the stock's price is allowed; a paisa above refuses.
      const atMin = await joinClass(ctx, s, await createClass(ctx, teacher, { rules: { minPrice: itc } }));
      await placed(atMin, { symbol: 'ITC', quantity: 1 });
      const aboveMin = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, { rules: { minPrice: itc + 0.01 } }),
      );
      await refusedUnchanged(aboveMin, { symbol: 'ITC', quantity: 1 }, /below|minimum|₹/i);
      await placed(aboveMin, { symbol: 'TCS', quantity: 1 });

      const per = await joinClass(ctx, s, await createClass(ctx, teacher, { rules: { maxTradesPerDay: 2 } }));
      await placed(per, { symbol: 'ITC', quantity: 1 });
      await placed(per, { symbol: 'ITC', quantity: 1, type: 'SELL' });
      await refusedUnchanged(per, { symbol: 'ITC', quantity: 1 }, /2 orders a day/);

      // A refused order is not a trade: it does not use up the day's allowance.
      const both = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, { rules: { maxTradesPerDay: 1, allowMIS: false } }),
      );
      await refusedUnchanged(both, { symbol: 'ITC', quantity: 1, product: 'MIS' }, /MIS|intraday/i);
      await placed(both, { symbol: 'ITC', quantity: 1 });

      const note = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, { rules: { requireTradeNote: true } }),
      );
      await refusedUnchanged(note, { symbol: 'ITC', quantity: 1 }, /note/i);
      await refusedUnchanged(note, { symbol: 'ITC', quantity: 1, note: '   ' }, /note/i);
      await placed(note, { symbol: 'ITC', quantity: 1, note: 'Probe note: FMCG defensive bet' });
      // The note became a journal entry of that class portfolio (and only there).
      const journal = await call(ctx, s, 'GET', `/api/trades?portfolioId=${note}`);
      expect(journal.statusCode, journal.body).toBe(200);
      expect(journal.body).toContain('Probe note: FMCG defensive bet');
      expect((await call(ctx, s, 'GET', '/api/trades')).body).not.toContain('Probe note: FMCG defensive bet');

      // A class that has not started refuses orders (joining early is fine).
      const early = await joinClass(ctx, s, await createClass(ctx, teacher, { startDate: '2026-11-30' }));
      await refusedUnchanged(early, { symbol: 'ITC', quantity: 1 }, /starts/);
    });

    it('races: two concurrent buys never breach the position cap together', async () => {
      const ctx = context();
      const teacher = await signUp(ctx);
      const s = await signUp(ctx);
      const itc = await price(ctx, s, 'ITC');
      const capped = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, { rules: { maxPositionPercent: 10 } }),
      );
      const most = Math.floor(1_000_000 / Math.round(itc * 100));
      expect(most).toBeGreaterThanOrEqual(4);
      const half = Math.floor(most / 2) + 1;
      const results = await Promise.all(
        [1, 2].map(() =>
          order(ctx, s, capped, { symbol: 'ITC', orderType: 'LIMIT', price: itc, quantity: half }),
        ),
      );
      const ok = results.filter((r) => r.statusCode === 201).length;
      expect(ok, results.map((r) => r.body).join('\n')).toBe(1);
      for (const r of results) if (r.statusCode !== 201) expect(r.json().code).toBe('CLASS_RULE');
      const [[, held]] = (await snapshot(ctx, s, capped)).holdings as [[string, number]];
      expect(held * itc).toBeLessThanOrEqual(10_000);
    });

    it('races: a burst of orders never passes the trades-per-day limit', async () => {
      const ctx = context();
      const teacher = await signUp(ctx);
      const s = await signUp(ctx);
      const limited = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, { rules: { maxTradesPerDay: 2 } }),
      );
      const burst = await Promise.all(
        [1, 2, 3, 4, 5].map(() => order(ctx, s, limited, { symbol: 'ITC', quantity: 1 })),
      );
      expect(burst.filter((r) => r.statusCode === 201).length, burst.map((r) => r.body).join('\n')).toBe(2);
      expect((await snapshot(ctx, s, limited)).holdings).toEqual([['ITC', 2]]);
    });

    it('money: a burst in a class portfolio keeps balance = Σ ledger, nothing negative, and main untouched', async () => {
      const ctx = context();
      const teacher = await signUp(ctx);
      const s = await signUp(ctx);
      const outsider = await signUp(ctx);
      const mainBefore = (await call(ctx, s, 'GET', '/api/virtual-money/account')).json().data as {
        balance: number;
      };
      const klass = await createClass(ctx, teacher, { startingCash: 50_000 });
      const pid = await joinClass(ctx, s, klass);
      const itc = await price(ctx, s, 'ITC');
      const each = Math.floor(15_000 / itc);
      const burst = await Promise.all([
        ...[1, 2, 3, 4, 5].map(() => order(ctx, s, pid, { symbol: 'ITC', quantity: each })),
        ...[1, 2, 3].map(() => order(ctx, s, pid, { symbol: 'ITC', type: 'SELL', quantity: each })),
        order(ctx, s, pid, {
          symbol: 'ITC',
          orderType: 'LIMIT',
          price: Math.floor(itc * 0.95 * 20) / 20,
          quantity: each,
        }),
      ]);
      for (const r of burst) expect(r.statusCode, r.body).toBeLessThan(500);
      const after = await snapshot(ctx, s, pid);
      expect(after.availableCash).toBeGreaterThanOrEqual(0);
      expect(after.reserved).toBeGreaterThanOrEqual(0);
      for (const [, q] of after.holdings) expect(q).toBeGreaterThan(0);

      const [acct] = await ctx.rows<{ id: string; balance: string; reserved: string }>(
        sql`select id, balance_paise::text as balance, reserved_paise::text as reserved from cash_accounts where portfolio_id = ${pid}`,
      );
      const [ledger] = await ctx.rows<{ sum: string }>(
        sql`select coalesce(sum(amount_paise), 0)::text as sum from ledger_entries where account_id = ${acct!.id}`,
      );
      expect(BigInt(acct!.balance)).toBe(BigInt(ledger!.sum));
      expect(BigInt(acct!.balance)).toBeGreaterThanOrEqual(BigInt(acct!.reserved));
      expect(BigInt(acct!.reserved)).toBeGreaterThanOrEqual(0n);
      expect(Math.round(after.balance * 100)).toBe(Number(BigInt(acct!.balance)));
      const positions = await ctx.rows<{ symbol: string; quantity: number; reserved: number }>(
        sql`select symbol, quantity, reserved_quantity as reserved from positions where account_id = ${acct!.id}`,
      );
      const [fills] = await ctx.rows<{ net: string }>(
        sql`select coalesce(sum(case when side = 'BUY' then quantity else -quantity end), 0)::text as net from fills where account_id = ${acct!.id} and symbol = 'ITC'`,
      );
      const itcRow = positions.find((p) => p.symbol === 'ITC');
      expect(itcRow?.quantity ?? 0).toBe(Number(fills!.net));
      for (const p of positions) {
        expect(p.quantity).toBeGreaterThanOrEqual(0);
        expect(p.reserved).toBeGreaterThanOrEqual(0);
        expect(p.reserved).toBeLessThanOrEqual(p.quantity);
      }

      const mainAfter = (await call(ctx, s, 'GET', '/api/virtual-money/account')).json().data as {
        balance: number;
      };
      expect(mainAfter.balance).toBe(mainBefore.balance);
      const mainHoldings = (await call(ctx, s, 'GET', '/api/portfolio/holdings')).json().data as unknown[];
      expect(mainHoldings).toEqual([]);
      const theirs = (await call(ctx, outsider, 'GET', '/api/portfolios')).json().data as Portfolio[];
      expect(theirs.map((p) => p.id)).not.toContain(pid);
    });

    it('no side door: the legacy buy route, modifying a resting order and a reset all obey the class', async () => {
      const ctx = context();
      const teacher = await signUp(ctx);
      const s = await signUp(ctx);
      const itc = await price(ctx, s, 'ITC');
      const tcs = await price(ctx, s, 'TCS');

      // POST /api/virtual-money/buy into a class portfolio: the class's rules apply there too.
      const strict = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, {
          rules: { universe: ['TCS'], allowMIS: false, requireTradeNote: true },
        }),
      );
      for (const payload of [
        { stockSymbol: 'ITC', quantity: 1, price: itc },
        { stockSymbol: 'TCS', quantity: 1, price: tcs, product: 'MIS' },
        { stockSymbol: 'TCS', quantity: 1, price: tcs },
      ]) {
        const before = await snapshot(ctx, s, strict);
        const res = await call(ctx, s, 'POST', '/api/virtual-money/buy', {
          ...payload,
          clientOrderId: key(),
          portfolioId: strict,
        });
        expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(422);
        expect(res.json().code).toBe('CLASS_RULE');
        expect(await snapshot(ctx, s, strict)).toEqual(before);
      }

      // A 10% cap (₹10,000) with a resting buy of 2.
      const capped = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, { rules: { maxPositionPercent: 10 } }),
      );
      const low = Math.floor(itc * 0.95 * 20) / 20;
      const resting = await order(ctx, s, capped, {
        symbol: 'ITC',
        orderType: 'LIMIT',
        price: low,
        quantity: 2,
      });
      expect(resting.statusCode, resting.body).toBe(201);
      const id = (resting.json().data.order as { id: string; status: string }).id;
      expect(resting.json().data.order.status).toBe('PENDING');
      // Resting buys count toward the cap: with the cap's worth resting, one more share is refused.
      const room = Math.floor(1_000_000 / Math.round(low * 100)) - 2;
      const more = await order(ctx, s, capped, {
        symbol: 'ITC',
        orderType: 'LIMIT',
        price: low,
        quantity: room,
      });
      expect(more.statusCode, more.body).toBe(201);
      const over = await order(ctx, s, capped, { symbol: 'ITC', quantity: 1 });
      expectClassRule(over, /10%/);

      // A class portfolio cannot be reset.
      const before = await snapshot(ctx, s, capped);
      const reset = await call(ctx, s, 'POST', `/api/portfolios/${capped}/reset`, {});
      expect(reset.statusCode, reset.body).toBeGreaterThanOrEqual(400);
      expect(reset.statusCode, reset.body).toBeLessThan(500);
      expect(await snapshot(ctx, s, capped)).toEqual(before);
      // Raising that resting buy past the cap (still affordable) is refused; the order keeps its size.
      const grow = await call(ctx, s, 'PATCH', `/api/orders/${id}`, { quantity: 100, portfolioId: capped });
      expect(grow.statusCode, grow.body).toBe(422);
      expect(grow.json().code).toBe('CLASS_RULE');
      const kept = await call(ctx, s, 'GET', `/api/orders/${id}?portfolioId=${capped}`);
      expect(kept.json().data.quantity).toBe(2);
    });

    it('trades per day count the IST day, and the class ends on its end date', async () => {
      const ctx = context();
      const teacher = await signUp(ctx);
      const s = await signUp(ctx);
      const pid = await joinClass(
        ctx,
        s,
        await createClass(ctx, teacher, { endDate: '2026-11-27', rules: { maxTradesPerDay: 1 } }),
      );
      const saved = wall.now;
      try {
        // 2026-11-26 10:30 IST: the day's one order.
        const first = await order(ctx, s, pid, { symbol: 'ITC', quantity: 1 });
        expect(first.statusCode, first.body).toBe(201);
        // The orders table stamps created_at with the database's clock, not the app's injected one;
        // align it so the day is judged on one clock (as in production).
        await ctx.rows(
          sql`update orders set created_at = ${new Date(wall.now).toISOString()}::timestamptz where id = ${first.json().data.order.id}`,
        );
        expectClassRule(await order(ctx, s, pid, { symbol: 'ITC', quantity: 1 }), /1 order a day/);
        // 00:15 IST on the 27th is still the 26th in UTC: a new IST day, so one more order.
        wall.now = Date.parse('2026-11-26T18:45:00Z');
        const next = await order(ctx, s, pid, { symbol: 'ITC', quantity: 1 });
        expect(next.statusCode, next.body).toBe(201);
        // The 28th IST: the class has ended.
        wall.now = Date.parse('2026-11-27T18:45:00Z');
        expectClassRule(await order(ctx, s, pid, { symbol: 'ITC', type: 'SELL', quantity: 1 }), /ended/);
      } finally {
        wall.now = saved;
      }
    });
  },
  { now: () => wall.now },
);
