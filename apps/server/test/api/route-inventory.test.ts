import { expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { describeEachDb, signUp } from '../support/test-app.js';

/**
 * Every API route the app answered before the server's modules were regrouped (taken from its
 * OpenAPI document then). Moving code between modules must not drop or rename any of them: the web
 * app, the e2e suite and the spec's clients call these paths.
 */
const ROUTES = [
  'GET /api/health',
  'GET /api/auth/config',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/verify-2fa',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/auth/verify',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/change-password',
  'GET /api/auth/sessions',
  'DELETE /api/auth/sessions/:id',
  'POST /api/auth/sessions/revoke-others',
  'POST /api/auth/2fa/enable',
  'POST /api/auth/2fa/verify',
  'POST /api/auth/2fa/disable',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'POST /api/auth/google/exchange',
  'GET /api/user/profile',
  'PUT /api/user/profile',
  'PUT /api/user/settings',
  'POST /api/contact/',
  'GET /api/notifications/',
  'POST /api/notifications/',
  'GET /api/notifications/unread-count',
  'PUT /api/notifications/read-all',
  'GET /api/notifications/:id',
  'DELETE /api/notifications/:id',
  'PUT /api/notifications/:id/read',
  'GET /api/stocks/search',
  'GET /api/stocks/quote/:symbol',
  'GET /api/stocks/quotes',
  'GET /api/stocks/validate/:symbol',
  'GET /api/stocks/movers',
  'GET /api/stocks/indices',
  'GET /api/stocks/:symbol/profile',
  'GET /api/live-charts/historical/:symbol',
  'GET /api/live-charts/latest/:symbol',
  'GET /api/live-charts/market-status/:exchange',
  'POST /api/live-charts/batch',
  'GET /api/watchlist/',
  'POST /api/watchlist/create',
  'DELETE /api/watchlist/:id',
  'POST /api/watchlist/add',
  'DELETE /api/watchlist/remove/:symbol/:watchlistId',
  'POST /api/orders/place',
  'POST /api/orders/preview',
  'GET /api/orders/all',
  'GET /api/orders/history',
  'GET /api/orders/export',
  'GET /api/orders/:id',
  'PATCH /api/orders/:id',
  'DELETE /api/orders/:id',
  'POST /api/orders/cancel/:id',
  'POST /api/virtual-money/buy',
  'POST /api/virtual-money/sell',
  'GET /api/portfolio/holdings',
  'GET /api/portfolio/summary',
  'GET /api/virtual-money/account',
  'GET /api/virtual-money/daily-reward',
  'POST /api/virtual-money/login-reward',
  'POST /api/virtual-money/reset',
  'GET /api/portfolio/performance',
  'GET /api/portfolio/stats',
  'GET /api/transactions/',
  'GET /api/transactions/export',
  'GET /api/trades/',
  'POST /api/trades/',
  'GET /api/trades/tags',
  'GET /api/trades/link',
  'GET /api/trades/:id',
  'PATCH /api/trades/:id',
  'DELETE /api/trades/:id',
  'GET /api/insights/habits',
  'GET /api/alerts/',
  'POST /api/alerts/',
  'PATCH /api/alerts/:id',
  'DELETE /api/alerts/:id',
  'GET /api/news/',
  'GET /api/news/market',
  'GET /api/news/search',
  'GET /api/news/stock/:symbol',
  'GET /api/news/trending',
  'GET /api/news/bookmarks',
  'GET /api/news/:id',
  'POST /api/news/:id/bookmark',
  'POST /api/saytrix/chat',
  'POST /api/saytrix/chat/stream',
  'GET /api/saytrix/sessions/:sessionId/messages',
  'DELETE /api/saytrix/sessions/:sessionId',
  'GET /api/leaderboard/',
  'POST /api/leaderboard/join',
  'POST /api/leaderboard/leave',
];

describeEachDb('route inventory', (ctx) => {
  it.each(ROUTES)('%s still answers', (route) => {
    const [method, url] = route.split(' ') as [HTTPMethods, string];
    expect(ctx().app.hasRoute({ method, url })).toBe(true);
  });

  it('tells a route that was never there from one that is', () => {
    expect(ctx().app.hasRoute({ method: 'GET', url: '/api/virtual-money/nowhere' })).toBe(false);
    expect(ctx().app.hasRoute({ method: 'DELETE', url: '/api/portfolio/holdings' })).toBe(false);
    // The agent sandbox is off unless AGENT_MCP_ENABLED.
    expect(ctx().app.hasRoute({ method: 'GET', url: '/api/agent/tokens' })).toBe(false);
    expect(ctx().app.hasRoute({ method: 'POST', url: '/mcp' })).toBe(false);
  });

  it('keeps the bare prefixes that used to be mounted with a trailing slash', () => {
    for (const url of [
      '/api/transactions',
      '/api/notifications',
      '/api/watchlist',
      '/api/alerts',
      '/api/leaderboard',
    ])
      expect(ctx().app.hasRoute({ method: 'GET', url })).toBe(true);
  });

  it.each([
    ['/api/portfolio/account', '/api/virtual-money/account'],
    ['/api/ledger/daily-reward', '/api/virtual-money/daily-reward'],
    ['/api/ledger/transactions', '/api/transactions'],
    ['/api/ledger/transactions/export', '/api/transactions/export'],
  ])('%s answers as its spec path %s does', async (own, alias) => {
    const { token } = await signUp(ctx());
    // A claimed reward gives the account a second ledger entry and fixes the next claim's time.
    await ctx().request({ method: 'POST', url: '/api/virtual-money/login-reward', token });
    const [a, b] = [
      await ctx().request({ method: 'GET', url: own, token }),
      await ctx().request({ method: 'GET', url: alias, token }),
    ];
    expect(a.statusCode).toBe(200);
    expect([b.statusCode, b.headers['content-type'], b.body]).toEqual([
      a.statusCode,
      a.headers['content-type'],
      a.body,
    ]);
  });

  it('moves cash through the ledger prefix as through the spec path', async () => {
    const { token } = await signUp(ctx());
    const claim = await ctx().request({ method: 'POST', url: '/api/ledger/login-reward', token });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json().reward).toMatchObject({ awarded: true, amount: 100 });
    // One day's reward, whichever path claims it.
    const again = await ctx().request({ method: 'POST', url: '/api/virtual-money/login-reward', token });
    expect(again.json().reward).toMatchObject({ awarded: false, amount: 0 });
    const account = await ctx().request({ method: 'GET', url: '/api/portfolio/account', token });
    expect(account.json().data.balance).toBe(10_100);
  });
});

/** The agent sandbox's routes (issue 27): present only when AGENT_MCP_ENABLED, absent otherwise. */
const AGENT_ROUTES = [
  'POST /api/agent/tokens',
  'GET /api/agent/tokens',
  'DELETE /api/agent/tokens/:id',
  'POST /api/agent/tokens/:id/kill',
  'GET /api/agent/tokens/:id/track-record.csv',
  'GET /api/agent/approvals',
  'POST /api/agent/approvals/:id/approve',
  'POST /api/agent/approvals/:id/reject',
  'GET /api/agent/audit',
  'POST /mcp',
  'GET /mcp',
  'DELETE /mcp',
];

describeEachDb(
  'route inventory with the agent sandbox on',
  (ctx) => {
    it.each(AGENT_ROUTES)('%s answers', (route) => {
      const [method, url] = route.split(' ') as [HTTPMethods, string];
      expect(ctx().app.hasRoute({ method, url })).toBe(true);
    });
  },
  { config: { agentMcpEnabled: true } },
);
