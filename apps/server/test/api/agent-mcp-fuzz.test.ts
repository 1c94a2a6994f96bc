import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AGENT_TOOL_NAMES } from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { databaseQuery, integrityViolations } from '../support/integrity.js';
import { filled } from '../support/orders.js';
import { AGENT_ON, createAgentToken, rpc } from '../support/agent.js';

/**
 * /mcp under hostile input (issue 27): malformed JSON-RPC, unknown tools and methods, and every
 * tool with hostile arguments. No answer may be a 5xx, and nothing outside the agent portfolio
 * may change: other accounts' ledgers and positions stay as they were, and every ledger invariant
 * holds.
 */

const NASTY = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\uD800',
    'NSE:\u0000ITC',
    '1e308',
    '',
    ' ',
    'NSE:',
    ':',
    'DROP TABLE orders',
    '__proto__',
  ),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER, -1, 0, 0.5, 1e-9),
  fc.constantFrom(null, true, false, [], {}, ['NSE:ITC'], ['\u0000']),
  fc.string({ maxLength: 40 }),
  fc.double(),
  fc.integer(),
);
const ARG_NAMES = [
  'tradingsymbol',
  'exchange',
  'transaction_type',
  'quantity',
  'product',
  'order_type',
  'price',
  'trigger_price',
  'variety',
  'validity',
  'order_id',
  'instruments',
  'instrument_token',
  'from_date',
  'to_date',
  'interval',
  'query',
  'trigger_id',
  'trigger_type',
  'trigger_value',
  'limit_price',
  'last_price',
  'instrument',
  'condition',
  'value',
  'limit',
  'from',
];
const plausible = fc.record(
  {
    tradingsymbol: fc.constantFrom('ITC', 'TCS', 'NSE:ITC'),
    transaction_type: fc.constantFrom('BUY', 'SELL', 'HOLD'),
    quantity: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constant(1e308)),
    product: fc.constantFrom('CNC', 'MIS', 'NRML'),
    order_type: fc.constantFrom('MARKET', 'LIMIT', 'SL', 'SL-M'),
    price: fc.oneof(fc.double({ min: -10, max: 1e7, noNaN: true }), fc.constant(1e308)),
  },
  { requiredKeys: [] },
);
const hostileArgs = fc.oneof(fc.dictionary(fc.constantFrom(...ARG_NAMES), NASTY, { maxKeys: 8 }), plausible);
const toolCall = fc.record({
  jsonrpc: fc.constantFrom('2.0', '1.0', 2),
  id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)),
  method: fc.constantFrom('tools/call', 'tools/call', 'tools/list', 'initialize', 'resources/list', 'nope'),
  params: fc.oneof(
    fc.record({
      name: fc.oneof(fc.constantFrom(...AGENT_TOOL_NAMES), fc.string({ maxLength: 20 })),
      arguments: hostileArgs,
    }),
    NASTY,
  ),
});
const malformed = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '{',
    '[]',
    '[{"jsonrpc":"2.0"}]',
    '{"jsonrpc":"2.0","method":"tools/call","params":',
    'null',
    '1e308',
  ),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);

/** Each account's ledger sum and positions, but the agent's own: what must not move. */
async function outside(ctx: TestContext, agentPortfolioId: string) {
  const ledger = await ctx.rows(
    sql`select l.account_id::text, sum(l.amount_paise)::text as total, count(*)::int as n from ledger_entries l
        join cash_accounts a on a.id = l.account_id where a.portfolio_id is distinct from ${agentPortfolioId}
        group by l.account_id order by 1`,
  );
  const positions = await ctx.rows(
    sql`select p.account_id::text, p.symbol, p.quantity, p.cost_basis_paise::text from positions p
        join cash_accounts a on a.id = p.account_id where a.portfolio_id is distinct from ${agentPortfolioId} order by 1, 2`,
  );
  const orders = await ctx.rows(
    sql`select o.id::text, o.status from orders o join cash_accounts a on a.id = o.account_id
        where a.portfolio_id is distinct from ${agentPortfolioId} order by 1`,
  );
  return { ledger, positions, orders };
}

describeEachDb(
  'agent MCP fuzz',
  (ctx) => {
    it('answers malformed JSON-RPC, unknown tools and hostile arguments without a 5xx, touching nothing outside the agent portfolio', async () => {
      const user = await signUp(ctx());
      await filled(ctx(), user, { symbol: 'ITC', type: 'BUY', quantity: 5 });
      const other = await signUp(ctx());
      await filled(ctx(), other, { symbol: 'TCS', type: 'BUY', quantity: 1 });
      const { token, secret } = await createAgentToken(ctx(), user, { budgetInr: 20_000 });
      const before = await outside(ctx(), token.portfolioId);

      await fc.assert(
        fc.asyncProperty(fc.oneof(toolCall, malformed), async (body) => {
          const res = await rpc(ctx().app, secret, body);
          expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBeLessThan(500);
        }),
        { numRuns: 150, seed: 27 },
      );

      // The hostile calls did reach the tools (and each was audited), not only the JSON-RPC parser.
      const audited = await ctx().rows<{ outcome: string; n: number }>(
        sql`select outcome, count(*)::int as n from agent_audit where token_id = ${token.id} group by outcome`,
      );
      expect(audited.map((r) => r.outcome)).toEqual(expect.arrayContaining(['refused']));
      expect(await outside(ctx(), token.portfolioId)).toEqual(before);
      expect(await integrityViolations(databaseQuery(ctx().database.db))).toEqual([]);
    });
  },
  { config: { ...AGENT_ON, agentRateLimitPerMinute: 100_000 } },
);
