import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { asAccountId, type AccountId } from '../../src/db/account-id.js';
import * as schema from '../../src/db/schema.js';
import { governingSetting } from '../../src/modules/notifications/notifications.service.js';
import { fillStatement, type FillWrite } from '../../src/modules/orders/fill-statement.js';
import { ledgerRepository } from '../../src/modules/ledger/ledger.repository.js';
import { ordersRepository } from '../../src/modules/orders/orders.repository.js';
import { positionsRepository } from '../../src/modules/orders/positions.repository.js';
import { describeEachDb, signUp } from '../support/test-app.js';

/**
 * The fill statement is rendered once per shape and cached by a key built beside the builders;
 * these tests pin the SQL each shape renders to, so a change to the statement is a visible diff,
 * and run every shape on both databases.
 */

const USER = '11111111-1111-4111-8111-111111111111';
const ACCOUNT = asAccountId('22222222-2222-4222-8222-222222222222');
const setting = governingSetting('portfolio')!;

/** The fills order-execution writes: a market buy filled on placement, a resting sell, a sell of everything. */
function buyOnPlacement(userId: string, accountId: AccountId, balancePaise: bigint): FillWrite {
  return {
    order: {
      insert: {
        userId,
        accountId,
        clientOrderId: `fs-${randomUUID()}`,
        symbol: 'ITC',
        name: 'ITC Ltd',
        side: 'BUY',
        orderType: 'MARKET',
        quantity: 4,
        limitPricePaise: null,
        triggerPricePaise: null,
        validity: 'DAY',
        requestFingerprint: 'fp',
        expiresAt: null,
        status: 'FILLED',
        executionPricePaise: 40_000n,
        tradeValuePaise: 160_000n,
        feesPaise: 100n,
        totalPaise: 160_100n,
        realizedPnlPaise: null,
        executedAt: new Date('2026-01-05T05:00:00Z'),
        reservedPaise: 0n,
        reservedQuantity: 0,
      },
    },
    fill: fillRow(userId, accountId, 'BUY', 4, 40_000n, 100n, 0n),
    ledger: [
      {
        userId,
        accountId,
        kind: 'TRADE_BUY',
        amountPaise: -160_000n,
        balanceAfterPaise: balancePaise - 160_000n,
        description: 'Bought 4 shares of ITC at ₹400.00',
      },
      {
        userId,
        accountId,
        kind: 'FEE_STAMP_DUTY',
        amountPaise: -100n,
        balanceAfterPaise: balancePaise - 160_100n,
        description: 'Stamp duty: BUY 4 ITC',
      },
    ],
    account: { id: accountId, balancePaise: balancePaise - 160_100n, reservedPaise: 0n },
    position: { userId, accountId, symbol: 'ITC', product: 'CNC', add: { quantity: 4, costPaise: 160_100n } },
    watchlist: 'remove',
    notification: {
      values: {
        userId,
        type: 'success',
        title: 'Order filled',
        message: 'Bought 4 shares of ITC at ₹400.00',
        link: '/orders',
      },
      setting,
    },
  };
}

function fillRow(
  userId: string,
  accountId: AccountId,
  side: 'BUY' | 'SELL',
  quantity: number,
  pricePaise: bigint,
  feesPaise: bigint,
  realizedPnlPaise: bigint,
) {
  return {
    userId,
    accountId,
    symbol: 'ITC',
    side,
    quantity,
    pricePaise,
    valuePaise: pricePaise * BigInt(quantity),
    brokeragePaise: 0n,
    exchangeChargePaise: 0n,
    sttPaise: 0n,
    gstPaise: 0n,
    sebiFeePaise: 0n,
    stampDutyPaise: feesPaise,
    feesPaise,
    realizedPnlPaise,
    tradeDate: '2026-01-05',
  };
}

function restingSell(
  userId: string,
  accountId: AccountId,
  orderId: string,
  balancePaise: bigint,
  keep: { quantity: number; costBasisPaise: bigint },
  watchlist?: 'add',
): FillWrite {
  return {
    order: {
      update: orderId,
      set: {
        status: 'FILLED',
        executionPricePaise: 41_000n,
        tradeValuePaise: 41_000n,
        feesPaise: 50n,
        totalPaise: 40_950n,
        realizedPnlPaise: 925n,
        executedAt: new Date('2026-01-05T06:00:00Z'),
        reservedPaise: 0n,
        reservedQuantity: 0,
      },
    },
    fill: fillRow(userId, accountId, 'SELL', 1, 41_000n, 50n, 925n),
    ledger: [
      {
        userId,
        accountId,
        kind: 'TRADE_SELL',
        amountPaise: 41_000n,
        balanceAfterPaise: balancePaise + 41_000n,
        description: 'Sold 1 share of ITC at ₹410.00',
      },
      {
        userId,
        accountId,
        kind: 'FEE_STAMP_DUTY',
        amountPaise: -50n,
        balanceAfterPaise: balancePaise + 40_950n,
        description: 'Stamp duty: SELL 1 ITC',
      },
    ],
    account: { id: accountId, balancePaise: balancePaise + 40_950n, reservedPaise: 0n },
    position: {
      userId,
      accountId,
      symbol: 'ITC',
      product: 'CNC',
      set: {
        quantity: keep.quantity,
        reservedQuantity: 0,
        costBasisPaise: keep.costBasisPaise,
        realizedPnlPaise: 925n,
      },
    },
    watchlist,
    notification: {
      values: {
        userId,
        type: 'success',
        title: 'Order filled',
        message: 'Sold 1 share of ITC at ₹410.00',
        link: '/orders',
      },
      setting,
    },
  };
}

describe('fill statement shapes', () => {
  // Rendering needs no connection: a driver that is never asked to run anything.
  const db = drizzle.mock({ schema }) as unknown as Db;
  const shapes: [string, FillWrite][] = [
    ['market buy filled on placement', buyOnPlacement(USER, ACCOUNT, 10_000_000n)],
    [
      'resting sell, shares left',
      restingSell(USER, ACCOUNT, randomUUID(), 10_000_000n, { quantity: 3, costBasisPaise: 120_075n }),
    ],
    [
      'resting sell of everything',
      restingSell(USER, ACCOUNT, randomUUID(), 10_000_000n, { quantity: 0, costBasisPaise: 0n }, 'add'),
    ],
    ['buy without a notice', { ...buyOnPlacement(USER, ACCOUNT, 10_000_000n), notification: undefined }],
  ];

  for (const [name, write] of shapes) {
    it(`renders the ${name} shape`, () => {
      expect(fillStatement(db, write).query.sql).toMatchSnapshot();
    });
  }

  it('renders each shape once and names it apart from the others', () => {
    const built = shapes.map(([, write]) => fillStatement(db, write));
    expect(new Set(built.map((s) => s.name)).size).toBe(shapes.length);
    const again = fillStatement(
      db,
      buyOnPlacement(
        '22222222-2222-4222-8222-222222222222',
        asAccountId('33333333-3333-4333-8333-333333333333'),
        5_000_000n,
      ),
    );
    expect(again.name).toBe(built[0]!.name);
    expect(again.query).toBe(built[0]!.query);
    // The values differ, not the text: the second user's id is a bound value.
    expect(again.values.a_balancePaise).toBe(5_000_000n - 160_100n);
    expect(again.query.sql).not.toContain('2222');
  });

  it('keeps a null column out of the bound values and in the shape', () => {
    const market = fillStatement(db, buyOnPlacement(USER, ACCOUNT, 10_000_000n));
    const limit = buyOnPlacement(USER, ACCOUNT, 10_000_000n);
    if ('insert' in limit.order)
      limit.order.insert = { ...limit.order.insert, orderType: 'LIMIT', limitPricePaise: 40_000n };
    const limited = fillStatement(db, limit);
    expect(market.values).not.toHaveProperty('o_limitPricePaise');
    expect(limited.values.o_limitPricePaise).toBe(40_000n);
    expect(limited.name).not.toBe(market.name);
  });
});

describeEachDb('fill statement runs', (ctx) => {
  it('writes the order, fill, ledger, account, position, watchlist and notice in one statement', async () => {
    const user = await signUp(ctx());
    const userId = user.user.id;
    const db = ctx().database.db;
    const [main] = await ctx().rows<{ id: string }>(
      sql`select id::text as id from cash_accounts where user_id = ${userId}`,
    );
    const accountId = asAccountId(main!.id);
    const opening = (await ledgerRepository.account(db, accountId))!;
    const onWatchlist = () =>
      ctx().rows(
        sql`select symbol from watchlist_items i join watchlists w on w.id = i.watchlist_id where w.user_id = ${userId} and w.is_default`,
      );
    // The default watchlist is made on the first read of the lists.
    expect(
      (await ctx().request({ method: 'GET', url: '/api/watchlist', token: user.token })).statusCode,
    ).toBe(200);
    await ctx().rows(
      sql`insert into watchlist_items (watchlist_id, symbol) select id, 'ITC' from watchlists where user_id = ${userId} and is_default`,
    );
    expect(await onWatchlist()).toEqual([{ symbol: 'ITC' }]);

    const bought = await db.transaction((tx) =>
      ordersRepository.writeFill(tx, buyOnPlacement(userId, accountId, opening.balancePaise)),
    );
    expect(bought.order.status).toBe('FILLED');
    expect(bought.fill.orderId).toBe(bought.order.id);
    expect(bought.account.balancePaise).toBe(opening.balancePaise - 160_100n);
    expect(bought.notification?.title).toBe('Order filled');
    expect(bought.notification?.data).toEqual({ orderId: bought.order.id });
    expect(await positionsRepository.find(db, accountId, 'ITC', 'CNC')).toMatchObject({
      quantity: 4,
      costBasisPaise: 160_100n,
    });
    expect(await onWatchlist()).toEqual([]);
    const ledger = await ctx().rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_entries where order_id = ${bought.order.id}`,
    );
    expect(ledger[0]!.n).toBe(2);

    const resting = await ordersRepository.insertOrder(db, {
      userId,
      accountId,
      clientOrderId: `fs-${randomUUID()}`,
      symbol: 'ITC',
      name: 'ITC Ltd',
      side: 'SELL',
      orderType: 'LIMIT',
      quantity: 1,
      limitPricePaise: 41_000n,
      triggerPricePaise: null,
      validity: 'DAY',
      requestFingerprint: 'fp2',
      expiresAt: null,
      status: 'PENDING',
      reservedQuantity: 1,
    });
    const sold = await db.transaction((tx) =>
      ordersRepository.writeFill(
        tx,
        restingSell(userId, accountId, resting.id, bought.account.balancePaise, {
          quantity: 3,
          costBasisPaise: 120_075n,
        }),
      ),
    );
    expect(sold.order.id).toBe(resting.id);
    expect(sold.order.status).toBe('FILLED');
    expect(sold.order.realizedPnlPaise).toBe(925n);
    expect(sold.account.balancePaise).toBe(bought.account.balancePaise + 40_950n);
    expect(await positionsRepository.find(db, accountId, 'ITC', 'CNC')).toMatchObject({
      quantity: 3,
      costBasisPaise: 120_075n,
      realizedPnlPaise: 925n,
    });

    // Notices off: the money is written, the notice is not.
    await ctx().rows(
      sql`update users set notification_settings = notification_settings || '{"portfolioUpdates": false}'::jsonb where id = ${userId}`,
    );
    const again = await ordersRepository.insertOrder(db, {
      ...resting,
      id: undefined,
      clientOrderId: `fs-${randomUUID()}`,
      requestFingerprint: 'fp3',
      status: 'PENDING',
    });
    const last = await db.transaction((tx) =>
      ordersRepository.writeFill(
        tx,
        restingSell(
          userId,
          accountId,
          again.id,
          sold.account.balancePaise,
          { quantity: 0, costBasisPaise: 0n },
          'add',
        ),
      ),
    );
    expect(last.notification).toBeUndefined();
    expect(await onWatchlist()).toEqual([{ symbol: 'ITC' }]);
  });
});
