import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MAX_AGENT_TOKENS, MAX_AGENT_TOKENS_MESSAGE, type AgentToken } from '@nivesh/shared';
import { describeEachDb, signUp } from '../support/test-app.js';
import { key, place } from '../support/orders.js';
import { AGENT_ON, createAgentToken, rpc } from '../support/agent.js';

/** Agent tokens over REST (issue 27): create, list, revoke, kill, isolation, off by default. */
describeEachDb(
  'agent tokens',
  (ctx) => {
    it('creates a token: the secret is shown once, only its hash is kept, and it gets an agent portfolio funded with the budget', async () => {
      const user = await signUp(ctx());
      const { token, secret } = await createAgentToken(ctx(), user, {
        requireApproval: true,
        dailyLossLimitInr: 2_000,
      });
      expect(secret).toMatch(/^nva_[A-Za-z0-9_-]{43}$/);
      expect(token).toMatchObject({
        name: 'Momentum bot',
        scopes: ['read', 'trade'],
        budgetInr: 50_000,
        requireApproval: true,
        dailyLossLimitInr: 2_000,
        revokedAt: null,
        lastUsedAt: null,
      });
      expect(secret.startsWith(token.hint.replace('…', ''))).toBe(true);
      const stored = await ctx().rows<{ secret_hash: string }>(
        sql`select secret_hash from agent_tokens where id = ${token.id}`,
      );
      expect(stored[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(secret);

      const portfolios = (
        await ctx().request({ method: 'GET', url: '/api/portfolios', token: user.token })
      ).json().data as { id: string; kind: string; startingCash: number; name: string }[];
      expect(portfolios.find((p) => p.id === token.portfolioId)).toMatchObject({
        kind: 'agent',
        name: 'Momentum bot',
        startingCash: 50_000,
      });

      const list = await ctx().request({ method: 'GET', url: '/api/agent/tokens', token: user.token });
      expect(list.statusCode).toBe(200);
      expect((list.json().data as AgentToken[]).map((t) => t.id)).toEqual([token.id]);
      expect(list.body).not.toContain(secret);
    });

    it('refuses bad input with 400 and the reason', async () => {
      const user = await signUp(ctx());
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '', scopes: ['read'], budgetInr: 5_000 }, 'Name the token'],
        [{ name: 'x', scopes: ['admin'], budgetInr: 5_000 }, "Scopes are 'read' and 'trade'"],
        [{ name: 'x', scopes: [], budgetInr: 5_000 }, 'at least one scope'],
        [{ name: 'x', scopes: ['read'], budgetInr: 10 }, 'Budget must be at least'],
        [{ name: 'x', scopes: ['read'], budgetInr: 5_000.5 }, 'whole rupees'],
      ];
      for (const [payload, message] of cases) {
        const res = await ctx().request({
          method: 'POST',
          url: '/api/agent/tokens',
          token: user.token,
          payload,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain(message);
      }
    });

    it(`holds at most ${MAX_AGENT_TOKENS} live tokens; a revoked one frees a place`, async () => {
      const user = await signUp(ctx());
      const made = [];
      for (let i = 0; i < MAX_AGENT_TOKENS; i += 1)
        made.push(await createAgentToken(ctx(), user, { name: `bot ${i}` }));
      const over = await ctx().request({
        method: 'POST',
        url: '/api/agent/tokens',
        token: user.token,
        payload: { name: 'one more', scopes: ['read'], budgetInr: 5_000 },
      });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(MAX_AGENT_TOKENS_MESSAGE);
      const revoked = await ctx().request({
        method: 'DELETE',
        url: `/api/agent/tokens/${made[0]!.token.id}`,
        token: user.token,
      });
      expect(revoked.statusCode).toBe(200);
      expect((revoked.json().data as AgentToken).revokedAt).not.toBeNull();
      await createAgentToken(ctx(), user, { name: 'replacement' });
    });

    it("another user's token and approval ids are 404 on every route; unknown ids too", async () => {
      const owner = await signUp(ctx());
      const other = await signUp(ctx());
      const { token } = await createAgentToken(ctx(), owner);
      const id = token.id;
      const calls: [string, string][] = [
        ['DELETE', `/api/agent/tokens/${id}`],
        ['POST', `/api/agent/tokens/${id}/kill`],
        ['GET', `/api/agent/tokens/${id}/track-record.csv`],
        ['GET', `/api/agent/audit?tokenId=${id}`],
        ['POST', `/api/agent/approvals/${randomUUID()}/approve`],
        ['POST', `/api/agent/approvals/${randomUUID()}/reject`],
        ['DELETE', `/api/agent/tokens/${randomUUID()}`],
      ];
      for (const [method, url] of calls) {
        const res = await ctx().request({ method: method as 'GET', url, token: other.token });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
      }
      const theirs = await ctx().request({ method: 'GET', url: '/api/agent/tokens', token: other.token });
      expect(theirs.json().data).toEqual([]);
      // The owner's token is untouched.
      const mine = (
        await ctx().request({ method: 'GET', url: '/api/agent/tokens', token: owner.token })
      ).json().data as AgentToken[];
      expect(mine[0]!.revokedAt).toBeNull();
    });

    it('an agent token is refused everywhere under /api (401)', async () => {
      const user = await signUp(ctx());
      const { secret } = await createAgentToken(ctx(), user);
      for (const url of [
        '/api/agent/tokens',
        '/api/portfolio/summary',
        '/api/orders/all',
        '/api/user/profile',
      ]) {
        const res = await ctx().request({ method: 'GET', url, token: secret });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it('the app cannot place orders on an agent portfolio by hand (409), so its track record is the agent’s', async () => {
      const user = await signUp(ctx());
      const { token } = await createAgentToken(ctx(), user);
      const res = await place(ctx(), user, {
        clientOrderId: key(),
        symbol: 'ITC',
        type: 'BUY',
        orderType: 'MARKET',
        quantity: 1,
        portfolioId: token.portfolioId,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain('traded by its agent token');
    });

    it('the kill switch revokes the token and answers what it stopped; the track record is a CSV', async () => {
      const user = await signUp(ctx());
      const { token } = await createAgentToken(ctx(), user);
      const kill = await ctx().request({
        method: 'POST',
        url: `/api/agent/tokens/${token.id}/kill`,
        token: user.token,
      });
      expect(kill.statusCode, kill.body).toBe(200);
      expect(kill.json().data).toMatchObject({ cancelledOrders: 0, cancelledGtts: 0, rejectedApprovals: 0 });
      expect(kill.json().data.token.revokedAt).not.toBeNull();
      const csv = await ctx().request({
        method: 'GET',
        url: `/api/agent/tokens/${token.id}/track-record.csv`,
        token: user.token,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\r\n')[0]).toBe('time,symbol,side,qty,price,charges,realised_pnl');
      expect(csv.body).toContain('nifty50_return');
      const audit = await ctx().request({ method: 'GET', url: '/api/agent/audit', token: user.token });
      expect(audit.statusCode).toBe(200);
      expect(audit.json().data).toEqual([]);
      const approvals = await ctx().request({
        method: 'GET',
        url: '/api/agent/approvals?status=AWAITING_APPROVAL',
        token: user.token,
      });
      expect(approvals.statusCode).toBe(200);
      expect(approvals.json().data).toEqual([]);
    });

    it('limits calls per token: past the limit the answer is 429 with when to retry', async () => {
      const user = await signUp(ctx());
      const { secret } = await createAgentToken(ctx(), user);
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) codes.push((await rpc(ctx().app, secret, list)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      const other = await createAgentToken(ctx(), user, { name: 'other bot' });
      expect((await rpc(ctx().app, other.secret, list)).statusCode).toBe(200);
    });
  },
  { config: { ...AGENT_ON, agentRateLimitPerMinute: 5 } },
);

describeEachDb('agent sandbox off by default', (ctx) => {
  it('answers 404 at /api/agent/* and /mcp, and GET /api/instance says agentSandbox false', async () => {
    const user = await signUp(ctx());
    for (const [method, url] of [
      ['GET', '/api/agent/tokens'],
      ['POST', '/api/agent/tokens'],
      ['GET', '/api/agent/audit'],
      ['POST', '/mcp'],
    ] as const) {
      const res = await ctx().request({
        method,
        url,
        token: user.token,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const instance = await ctx().request({ method: 'GET', url: '/api/instance' });
    expect(instance.json().data.agentSandbox).toBe(false);
  });
});
