import { describe, expect, inject, it } from 'vitest';
import type { AgentApproval, AgentAuditEntry } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { twoInstancesOnPostgres } from '../support/two-instances.js';
import { AGENT_ON, call, createAgentToken, mcpClient, rpc } from '../support/agent.js';

/** The agent sandbox's guard rails (issue 27): budget, approval, loss limit, kill switch, auth, rate limit. */

const buy = (quantity: number, extra: Record<string, unknown> = {}) => ({
  tradingsymbol: 'ITC',
  exchange: 'NSE',
  transaction_type: 'BUY',
  quantity,
  product: 'CNC',
  order_type: 'MARKET',
  ...extra,
});

describeEachDb(
  'agent guard rails',
  (ctx) => {
    it("refuses an order that would take the exposure over the budget, naming it; the portfolio's cash is untouched", async () => {
      const user = await signUp(ctx());
      const { secret } = await createAgentToken(ctx(), user, { budgetInr: 5_000 });
      const client = await mcpClient(ctx(), secret);
      const price = (
        (await call(client, 'get_ltp', { instruments: ['NSE:ITC'] })).data['NSE:ITC'] as {
          last_price: number;
        }
      ).last_price;
      const fits = Math.floor(4_000 / price);
      expect((await call(client, 'place_order', buy(fits))).data).toMatchObject({ status: 'COMPLETE' });
      const over = await call(client, 'place_order', buy(Math.ceil(2_000 / price)));
      expect(over.isError).toBe(true);
      expect(over.text).toContain("over this agent's budget of ₹5,000");
      const margins = await call(client, 'get_margins');
      expect((margins.data as unknown as { equity: { net: number } }).equity.net).toBeGreaterThan(900);
      await client.close();
    });

    it('holds orders for approval: get_orders lists them; approve places it, reject drops it, and a notification tells the user', async () => {
      const user = await signUp(ctx());
      const { token, secret } = await createAgentToken(ctx(), user, { requireApproval: true });
      const client = await mcpClient(ctx(), secret);
      const held = await call(client, 'place_order', buy(2));
      expect(held.data).toMatchObject({ status: 'AWAITING APPROVAL', order_id: null });
      const second = await call(client, 'place_order', buy(3));
      const orders = (await call(client, 'get_orders')).data as { status: string }[];
      expect(orders.map((o) => o.status)).toEqual(['AWAITING APPROVAL', 'AWAITING APPROVAL']);

      const notes = await ctx().request({ method: 'GET', url: '/api/notifications', token: user.token });
      expect(notes.body).toContain('Momentum bot');

      const approve = await ctx().request({
        method: 'POST',
        url: `/api/agent/approvals/${held.data.approval_id as string}/approve`,
        token: user.token,
      });
      expect(approve.statusCode, approve.body).toBe(200);
      const approved = approve.json().data as AgentApproval;
      expect(approved).toMatchObject({ status: 'APPROVED', quantity: 2, tokenId: token.id, reason: null });
      expect(approved.orderId).not.toBeNull();
      const again = await ctx().request({
        method: 'POST',
        url: `/api/agent/approvals/${approved.id}/approve`,
        token: user.token,
      });
      expect(again.statusCode).toBe(409);

      const reject = await ctx().request({
        method: 'POST',
        url: `/api/agent/approvals/${second.data.approval_id as string}/reject`,
        token: user.token,
      });
      expect(reject.json().data).toMatchObject({ status: 'REJECTED' });
      const after = (await call(client, 'get_orders')).data as { status: string; filled_quantity: number }[];
      expect(after).toEqual([expect.objectContaining({ status: 'COMPLETE', filled_quantity: 2 })]);
      const waiting = await ctx().request({
        method: 'GET',
        url: '/api/agent/approvals?status=AWAITING_APPROVAL',
        token: user.token,
      });
      expect(waiting.json().data).toEqual([]);
      const audit = (
        await ctx().request({ method: 'GET', url: '/api/agent/audit', token: user.token })
      ).json().data as AgentAuditEntry[];
      expect(audit.filter((a) => a.outcome === 'awaiting_approval')).toHaveLength(2);
      await client.close();
    });

    it('an approved order is placed through every rule again: over budget it is refused, the reason kept; the kill switch rejects what waits', async () => {
      const user = await signUp(ctx());
      const { token, secret } = await createAgentToken(ctx(), user, {
        requireApproval: true,
        budgetInr: 1_000,
      });
      const client = await mcpClient(ctx(), secret);
      const big = await call(client, 'place_order', buy(1_000));
      const small = await call(client, 'place_order', buy(1));
      await client.close();
      const approve = await ctx().request({
        method: 'POST',
        url: `/api/agent/approvals/${big.data.approval_id as string}/approve`,
        token: user.token,
      });
      expect(approve.statusCode, approve.body).toBe(200);
      const refused = approve.json().data as AgentApproval;
      expect(refused).toMatchObject({ status: 'REJECTED', orderId: null });
      expect(refused.reason).toContain("over this agent's budget of ₹1,000");
      const kill = await ctx().request({
        method: 'POST',
        url: `/api/agent/tokens/${token.id}/kill`,
        token: user.token,
      });
      expect(kill.json().data).toMatchObject({ rejectedApprovals: 1, cancelledOrders: 0 });
      const left = await ctx().request({
        method: 'GET',
        url: '/api/agent/approvals?status=AWAITING_APPROVAL',
        token: user.token,
      });
      expect(left.json().data).toEqual([]);
      expect(small.data).toMatchObject({ status: 'AWAITING APPROVAL' });
    });

    it('refuses new orders once the day’s loss reaches the daily limit, naming it', async () => {
      const user = await signUp(ctx());
      // Charges alone are a loss of more than ₹1 on a ₹40,000 buy.
      const { secret } = await createAgentToken(ctx(), user, { dailyLossLimitInr: 1 });
      const client = await mcpClient(ctx(), secret);
      const price = (
        (await call(client, 'get_ltp', { instruments: ['NSE:ITC'] })).data['NSE:ITC'] as {
          last_price: number;
        }
      ).last_price;
      expect((await call(client, 'place_order', buy(Math.floor(40_000 / price)))).isError).toBe(false);
      const next = await call(client, 'place_order', buy(1));
      expect(next.isError).toBe(true);
      expect(next.text).toContain('daily loss limit of ₹1');
      await client.close();
    });

    it('the kill switch revokes, cancels open orders and GTTs, and rejects waiting approvals; the agent is then refused', async () => {
      const user = await signUp(ctx());
      const { token, secret } = await createAgentToken(ctx(), user);
      const client = await mcpClient(ctx(), secret);
      const quote = (await call(client, 'get_quotes', { instruments: ['NSE:ITC'] })).data['NSE:ITC'] as {
        last_price: number;
        lower_circuit_limit: number;
      };
      const low = Math.ceil((quote.last_price + quote.lower_circuit_limit) / 2);
      const resting = await call(client, 'place_order', buy(3, { order_type: 'LIMIT', price: low }));
      expect(resting.data).toMatchObject({ status: 'OPEN' });
      const gtt = await call(client, 'place_gtt_order', {
        tradingsymbol: 'ITC',
        transaction_type: 'BUY',
        trigger_type: 'single',
        trigger_value: low,
        limit_price: low,
        quantity: 1,
      });
      expect(gtt.isError, gtt.text).toBe(false);
      await client.close();

      const kill = await ctx().request({
        method: 'POST',
        url: `/api/agent/tokens/${token.id}/kill`,
        token: user.token,
      });
      expect(kill.statusCode, kill.body).toBe(200);
      expect(kill.json().data).toMatchObject({ cancelledOrders: 1, cancelledGtts: 1, rejectedApprovals: 0 });
      const refused = await rpc(ctx().app, secret, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(refused.statusCode).toBe(401);
    });

    it('a session token is refused at /mcp (401); no token too; GET /mcp is 405', async () => {
      const user = await signUp(ctx());
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      expect((await rpc(ctx().app, user.token, list)).statusCode).toBe(401);
      expect((await rpc(ctx().app, undefined, list)).statusCode).toBe(401);
      expect((await rpc(ctx().app, 'nva_not-a-real-token', list)).statusCode).toBe(401);
      expect((await ctx().request({ method: 'GET', url: '/mcp' })).statusCode).toBe(405);
    });
  },
  { config: AGENT_ON, listen: true },
);

describe.skipIf(!inject('postgresAdminUrl'))('agent token revoked on another instance', () => {
  const start = twoInstancesOnPostgres(() => Date.now(), AGENT_ON);
  it('a token revoked on instance A is refused at once by instance B', async () => {
    const { a, b } = await start();
    const signup = await a.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `agent${Date.now()}@example.com`, password: 'Str0ng!pass', fullName: 'Asha Rao' },
    });
    const session = (signup.json() as { token: string }).token;
    const made = await a.inject({
      method: 'POST',
      url: '/api/agent/tokens',
      headers: { authorization: `Bearer ${session}` },
      payload: { name: 'bot', scopes: ['read'], budgetInr: 5_000 },
    });
    const { token, secret } = made.json().data as { token: { id: string }; secret: string };
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    expect((await rpc(b, secret, list)).statusCode).toBe(200);
    const revoke = await a.inject({
      method: 'DELETE',
      url: `/api/agent/tokens/${token.id}`,
      headers: { authorization: `Bearer ${session}` },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await rpc(b, secret, list)).statusCode).toBe(401);
  });
});
