import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { optionChainResponseSchema } from '@nivesh/shared';
import { databaseQuery, integrityViolations } from './integrity.js';
import { key, type User } from './orders.js';
import { signUp, type TestContext } from './test-app.js';

/** The options tests' shared reads and setup: the chain near the money, the F&O account and positions. */
export async function atmRow(ctx: TestContext, user: User) {
  const res = await ctx.request({
    method: 'GET',
    url: '/api/options/chain?underlying=NIFTY&strikes=3',
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const chain = optionChainResponseSchema.parse(res.json()).data;
  return chain.strikes[3]!;
}

export async function account(ctx: TestContext, user: User) {
  const [row] = await ctx.rows<{ balance: string; reserved: string; margin: string }>(
    sql`select balance_paise::text as balance, reserved_paise::text as reserved, fo_margin_paise::text as margin
        from cash_accounts where user_id = ${user.user.id}`,
  );
  return { balance: BigInt(row!.balance), reserved: BigInt(row!.reserved), margin: BigInt(row!.margin) };
}

export async function foPosition(ctx: TestContext, user: User, symbol: string) {
  const [row] = await ctx.rows<{ quantity: number; average: string; realised: string }>(
    sql`select quantity, average_price_paise::text as average, realized_pnl_paise::text as realised
        from fo_positions where user_id = ${user.user.id} and tradingsymbol = ${symbol}`,
  );
  return row;
}

/** Leaves the account with `paise` of cash, through a ledger line so balance = Σ ledger still holds. */
export async function setCash(ctx: TestContext, user: User, paise: bigint) {
  await ctx.rows(
    sql`with a as (update cash_accounts set balance_paise = ${paise.toString()}::bigint
                   where user_id = ${user.user.id} returning id, balance_paise),
             d as (select ${paise.toString()}::bigint - coalesce(sum(amount_paise), 0) as delta from ledger_entries where user_id = ${user.user.id})
        insert into ledger_entries (user_id, account_id, kind, amount_paise, balance_after_paise, description)
        select ${user.user.id}, a.id, 'OPENING_BALANCE', d.delta, a.balance_paise, 'Test: cash set' from a, d`,
  );
}

export const order = (
  symbol: string,
  type: 'BUY' | 'SELL',
  quantity: number,
  extra: Record<string, unknown> = {},
) => ({
  symbol,
  type,
  quantity,
  orderType: 'MARKET',
  product: 'NRML',
  clientOrderId: key(),
  ...extra,
});

export async function expectIntegrity(ctx: TestContext) {
  expect(await integrityViolations(databaseQuery(ctx.database.db))).toEqual([]);
}

/** Signs up with ₹10 lakh of cash: enough for a few NIFTY lots' margin. */
export async function trader(ctx: TestContext) {
  const user = await signUp(ctx);
  await setCash(ctx, user, 100_000_000n);
  return user;
}
