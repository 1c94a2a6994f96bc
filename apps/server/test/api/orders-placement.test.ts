import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { computeFees, rupeesToPaise, STARTING_BALANCE_PAISE, type Order } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { filled, key, money, place, position } from '../support/orders.js';

describeEachDb('orders: placing market orders and the money they move', (ctx) => {
  it('buys at market: balance = 10,000 − value − fees exactly, one ledger line per non-zero fee, position = fills', async () => {
    const user = await signUp(ctx());
    const order = await filled(ctx(), user, { symbol: 'reliance.ns', type: 'BUY', quantity: 2 });
    expect(order).toMatchObject({
      symbol: 'RELIANCE',
      stockSymbol: 'RELIANCE',
      type: 'BUY',
      orderType: 'MARKET',
      quantity: 2,
    });
    const value = rupeesToPaise(order.executionPrice!) * 2n;
    const fees = computeFees('BUY', value);
    expect(rupeesToPaise(order.tradeValue!)).toBe(value);
    expect(rupeesToPaise(order.fees)).toBe(fees.total);
    expect(rupeesToPaise(order.total!)).toBe(value + fees.total);
    expect(rupeesToPaise(order.feeBreakdown!.brokerage)).toBe(fees.brokerage);
    expect(rupeesToPaise(order.feeBreakdown!.stampDuty)).toBe(fees.stampDuty);

    const m = await money(ctx(), user.user.id);
    expect(m.balance).toBe(STARTING_BALANCE_PAISE - value - fees.total);
    expect(m.ledgerSum).toBe(m.balance);
    const nonZeroFees = [
      fees.brokerage,
      fees.exchangeCharge,
      fees.stt,
      fees.gst,
      fees.sebiFee,
      fees.stampDuty,
    ].filter((f) => f > 0n).length;
    expect(m.entries).toBe(1 + 1 + nonZeroFees); // opening balance, trade debit, fee lines
    const [last] = await ctx().rows<{ after: string }>(
      sql`select balance_after_paise::text as after from ledger_entries where user_id = ${user.user.id} order by id desc limit 1`,
    );
    expect(BigInt(last!.after)).toBe(m.balance);

    const p = await position(ctx(), user.user.id, 'RELIANCE');
    expect(p).toMatchObject({ quantity: 2, fillNet: 2, cost: value + fees.total });

    const account = (
      await ctx().request({ method: 'GET', url: '/api/virtual-money/account', token: user.token })
    ).json().data;
    expect(account.balance).toBe(Number(m.balance) / 100);
    expect(account.availableCash).toBe(Number(m.balance) / 100);
    expect(account.reserved).toBe(0);
    expect(account.totalInvested).toBe(Number(value + fees.total) / 100);
    expect(account.portfolioValue).toBeGreaterThan(0);
    expect(account.transactions[0]).toMatchObject({
      orderId: order.id,
      balanceAfter: Number(m.balance) / 100,
    });
  });

  it('sells part: proceeds net of fees, cost basis falls proportionally, realized P&L booked', async () => {
    const user = await signUp(ctx());
    const buy = await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 4 });
    const buyValue = rupeesToPaise(buy.executionPrice!) * 4n;
    const cost = buyValue + computeFees('BUY', buyValue).total;
    const sell = await filled(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 1 });
    const sellValue = rupeesToPaise(sell.executionPrice!);
    // The first delivery sell of ITC today: the DP charge is on it.
    const sellFees = computeFees('SELL', sellValue, undefined, { firstSellOfDay: true });
    expect(sellFees.dpCharge).toBe(1534n);
    expect(sellFees.stt).toBeGreaterThan(0n);
    const removed = (cost * 2n + 4n) / 8n; // cost × 1/4, half-up
    const realized = sellValue - sellFees.total - removed;
    expect(rupeesToPaise(sell.realizedPnL!)).toBe(realized);
    expect(rupeesToPaise(sell.total!)).toBe(sellValue - sellFees.total);

    const p = await position(ctx(), user.user.id, 'ITC');
    expect(p).toMatchObject({ quantity: 3, fillNet: 3, cost: cost - removed, realized });
    const m = await money(ctx(), user.user.id);
    expect(m.balance).toBe(STARTING_BALANCE_PAISE - cost + sellValue - sellFees.total);
    expect(m.ledgerSum).toBe(m.balance);

    const holdings = (
      await ctx().request({ method: 'GET', url: '/api/portfolio/holdings', token: user.token })
    ).json().data;
    expect(holdings).toEqual([
      expect.objectContaining({
        symbol: 'ITC',
        quantity: 3,
        totalInvested: Number(cost - removed) / 100,
        realizedPnL: Number(realized) / 100,
      }),
    ]);
    const summary = (
      await ctx().request({ method: 'GET', url: '/api/portfolio/summary', token: user.token })
    ).json().data;
    expect(summary).toMatchObject({
      totalPositions: 1,
      availableCash: Number(m.balance) / 100,
      totalInvested: Number(cost - removed) / 100,
      totalRealizedPnL: Number(realized) / 100,
    });
    expect(summary.totalValue).toBeCloseTo(summary.availableCash + summary.totalCurrentValue, 2);

    // Selling the rest closes the position and takes the whole remaining cost basis.
    await filled(ctx(), user, { symbol: 'ITC', type: 'SELL', quantity: 3 });
    expect(await position(ctx(), user.user.id, 'ITC')).toMatchObject({ quantity: 0, fillNet: 0, cost: 0n });
    expect(
      (await ctx().request({ method: 'GET', url: '/api/portfolio/holdings', token: user.token })).json().data,
    ).toEqual([]);
    const after = await money(ctx(), user.user.id);
    expect(after.ledgerSum).toBe(after.balance);
  });

  it('is idempotent: a retry returns the first order and charges once; the key with another body is a 422', async () => {
    const user = await signUp(ctx());
    const body = { symbol: 'INFY', type: 'BUY', orderType: 'MARKET', quantity: 1, clientOrderId: key() };
    const first = await place(ctx(), user, body);
    expect(first.statusCode).toBe(201);
    const [again, twice] = await Promise.all([place(ctx(), user, body), place(ctx(), user, body)]);
    for (const res of [again, twice]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.order.id).toBe(first.json().data.order.id);
    }
    const other = await place(ctx(), user, { ...body, quantity: 2 });
    expect(other.statusCode).toBe(422);
    const m = await money(ctx(), user.user.id);
    const value = rupeesToPaise(first.json().data.order.executionPrice) * 1n;
    expect(m.balance).toBe(STARTING_BALANCE_PAISE - value - computeFees('BUY', value).total);
    expect(m.ledgerSum).toBe(m.balance);

    // The Idempotency-Key header stands in for a missing clientOrderId.
    const header = { 'idempotency-key': key() };
    const viaHeader = await place(ctx(), user, { symbol: 'INFY', type: 'BUY', quantity: 1 }, header);
    expect(viaHeader.statusCode).toBe(201);
    const viaHeaderAgain = await place(ctx(), user, { symbol: 'INFY', type: 'BUY', quantity: 1 }, header);
    expect(viaHeaderAgain.statusCode).toBe(200);
    expect(viaHeaderAgain.json().data.order.id).toBe(viaHeader.json().data.order.id);
    expect((await position(ctx(), user.user.id, 'INFY')).quantity).toBe(2);
  });

  it('never overdraws under 20 concurrent buys that together exceed the cash', async () => {
    const user = await signUp(ctx());
    const quote = (
      await ctx().request({ method: 'GET', url: '/api/stocks/quote/INFY', token: user.token })
    ).json().data as { price: number };
    // Each buy costs roughly ₹1,200, so 20 of them ask for about ₹24,000 of the ₹10,000.
    const quantity = Math.max(1, Math.floor(1200 / quote.price));
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        place(ctx(), user, {
          symbol: 'INFY',
          type: 'BUY',
          orderType: 'MARKET',
          quantity,
          clientOrderId: key(),
        }),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 201).map((r) => r.json().data.order as Order);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(accepted.length + refused.length).toBe(20);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.json().message).toMatch(/^Insufficient balance\./);
    const m = await money(ctx(), user.user.id);
    expect(m.balance).toBeGreaterThanOrEqual(0n);
    expect(m.ledgerSum).toBe(m.balance);
    const debits = accepted.reduce((sum, o) => sum + rupeesToPaise(o.total!), 0n);
    expect(m.balance).toBe(STARTING_BALANCE_PAISE - debits);
    const p = await position(ctx(), user.user.id, 'INFY');
    expect(p.quantity).toBe(accepted.length * quantity);
    expect(p.fillNet).toBe(p.quantity);
  });
});
