import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { DbOrTx } from '../../src/db/database.js';
import { databaseQuery, integrityViolations } from '../support/integrity.js';
import { quoteBand } from '../support/orders.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/**
 * The invariant checks the concurrency, crash and model tests and the bench rely on must catch
 * each kind of corruption: real trading state is built through the API, one corruption is
 * written inside a transaction, the checks run in it, and the transaction is rolled back.
 */
class Rollback extends Error {}

async function violationsAfter(ctx: TestContext, corrupt: string[]): Promise<string[]> {
  let found: string[] = [];
  try {
    await ctx.database.db.transaction(async (tx: DbOrTx) => {
      const q = databaseQuery(tx);
      for (const statement of corrupt) await q(statement);
      found = await integrityViolations(q);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return found.map((line) => line.split(':')[0]!);
}

describeEachDb('integrity checks catch corruption', (ctx) => {
  it('passes real trading state and names each broken invariant', async () => {
    const user = await signUp(ctx());
    const place = (payload: Record<string, unknown>) =>
      ctx().request({
        method: 'POST',
        url: '/api/orders/place',
        token: user.token,
        payload: { clientOrderId: `ck-${randomUUID()}`, ...payload },
      });
    expect((await place({ symbol: 'ITC', type: 'BUY', orderType: 'MARKET', quantity: 5 })).statusCode).toBe(
      201,
    );
    expect((await place({ symbol: 'ITC', type: 'SELL', orderType: 'MARKET', quantity: 1 })).statusCode).toBe(
      201,
    );
    // Resting orders at the edges of the day's band, so neither fills.
    const band = await quoteBand(ctx(), user, 'ITC');
    expect(
      (await place({ symbol: 'ITC', type: 'SELL', orderType: 'LIMIT', price: band.at(1.5), quantity: 2 }))
        .statusCode,
    ).toBe(201);
    const restingBuy = await place({
      symbol: 'ITC',
      type: 'BUY',
      orderType: 'LIMIT',
      price: band.at(0.5),
      quantity: 3,
    });
    expect(restingBuy.statusCode).toBe(201);
    const buyId = restingBuy.json().data.order.id as string;
    const id = user.user.id;

    expect(await integrityViolations(databaseQuery(ctx().database.db))).toEqual([]);
    expect(
      await violationsAfter(ctx(), [
        `update cash_accounts set balance_paise = balance_paise + 1 where user_id = '${id}'`,
      ]),
    ).toEqual(['balance = Σ ledger = last balance_after']);
    expect(
      await violationsAfter(ctx(), [
        `update ledger_entries set balance_after_paise = balance_after_paise + 1 where id = (select min(id) from ledger_entries where user_id = '${id}')`,
      ]),
    ).toEqual(['ledger running balance chains and never dips below zero']);
    expect(
      await violationsAfter(ctx(), [
        `update cash_accounts set reserved_paise = reserved_paise - 1 where user_id = '${id}'`,
      ]),
    ).toEqual(['reserved cash = Σ reservations of open orders']);
    expect(
      await violationsAfter(ctx(), [`update orders set status = 'CANCELLED' where id = '${buyId}'`]),
    ).toEqual(['reserved cash = Σ reservations of open orders', 'finished orders hold no reservation']);
    expect(
      await violationsAfter(ctx(), [`update positions set quantity = quantity + 1 where user_id = '${id}'`]),
    ).toEqual(['position quantity = Σ buy fills − Σ sell fills, per product']);
    expect(
      await violationsAfter(ctx(), [`update positions set product = 'MIS' where user_id = '${id}'`]),
    ).toEqual([
      'position quantity = Σ buy fills − Σ sell fills, per product',
      'reserved quantity = Σ reserved quantity of open sell orders, per product',
    ]);
    expect(
      await violationsAfter(ctx(), [
        `update fills set dp_charge_paise = 1534, trade_date = '2020-01-01' where id = (select id from fills where user_id = '${id}' and side = 'BUY' limit 1)`,
      ]),
    ).toEqual(['DP charge at most once per (user, scrip, trade date), only on delivery sells']);
    expect(
      await violationsAfter(ctx(), [`update positions set reserved_quantity = 1 where user_id = '${id}'`]),
    ).toEqual(['reserved quantity = Σ reserved quantity of open sell orders, per product']);
    expect(
      await violationsAfter(ctx(), [
        `drop index orders_user_client_order_key`,
        `insert into orders (user_id, account_id, client_order_id, symbol, name, side, order_type, quantity, status)
         select user_id, account_id, client_order_id, symbol, name, side, order_type, quantity, 'CANCELLED' from orders where id = '${buyId}'`,
      ]),
    ).toEqual(['one order per (user, clientOrderId)']);
    expect(
      await violationsAfter(ctx(), [
        `update fills set quantity = quantity + 1 where user_id = '${id}' and side = 'SELL'`,
      ]),
    ).toEqual([
      'position quantity = Σ buy fills − Σ sell fills, per product',
      'fills match their order (owner, symbol, side, product; FILLED = whole quantity, resting or unfilled = none)',
    ]);
    expect(
      await violationsAfter(ctx(), [
        `update ledger_entries set amount_paise = amount_paise + 5, balance_after_paise = balance_after_paise + 5 where id = (select max(id) from ledger_entries where user_id = '${id}')`,
        `update cash_accounts set balance_paise = balance_paise + 5 where user_id = '${id}'`,
      ]),
    ).toEqual([
      'cash moved by an order = its total (−total on a buy, +total on a sell); nothing for an unfilled one',
    ]);
  });
});
