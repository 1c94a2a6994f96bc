import { expect, test } from '@playwright/test';
import { AgentPage, McpClient } from '../pages/agent-page.js';
import { SignupPage, uniqueEmail } from '../pages/auth-pages.js';
import { seriousViolations } from '../support/axe.js';
import { snap } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });

test('a token made on /agent places an order over /mcp; it waits in the app, is approved there, and is in the audit log', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await new SignupPage(page).signUp('Agent Owner', uniqueEmail('agent'));
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Agent sandbox' }).click();
  const agent = new AgentPage(page);
  await expect(page.getByRole('heading', { name: 'Agent sandbox', level: 1 })).toBeVisible();

  const secret = await agent.createToken({ name: 'E2E agent', budget: 50_000, approve: true });
  await expect(page.getByTestId('agent-mcp-url')).toHaveText(/\/mcp$/);
  await snap(page, 'agent-secret-1366');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('agent-secret')).toHaveCount(0);

  const mcp = new McpClient(page.request, secret);
  const init = await mcp.initialize();
  expect(init).toHaveProperty('serverInfo');
  const placed = await mcp.tool('place_order', {
    variety: 'regular',
    exchange: 'NSE',
    tradingsymbol: 'ITC',
    transaction_type: 'BUY',
    quantity: 2,
    product: 'CNC',
    order_type: 'MARKET',
  });
  expect(placed.isError ?? false, JSON.stringify(placed)).toBe(false);
  expect(JSON.stringify(placed.content)).toContain('AWAITING APPROVAL');

  // The app sees the held order and the call (the lists refresh on focus; reload to be plain).
  await page.reload();
  const held = agent.waiting().getByRole('listitem').filter({ hasText: 'BUY 2 ITC · MARKET' });
  await expect(held).toBeVisible();
  const row = agent.auditTable().getByRole('row').filter({ hasText: 'place_order' });
  await expect(row).toContainText('awaiting approval');
  await expect(row).toContainText('E2E agent');

  await held.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/^Approved: BUY 2 ITC · MARKET · CNC placed$/)).toBeVisible();
  await expect(agent.waiting()).toHaveCount(0);
  await expect(page.getByText('Approvals waiting (0)')).toBeVisible();
  await snap(page, 'agent-approved-1366');

  // 390 px, light and dark: nothing overflows the page and axe finds nothing serious.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await agent.goto();
    await expect(agent.auditTable()).toBeVisible();
    expect(await seriousViolations(page), `/agent (${theme})`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `page overflow at 390 px (${theme})`).toBe(0);
    // The audit table is wider than the phone: it scrolls inside its own box, which takes focus.
    const region = page.getByRole('region', { name: 'Agent audit log' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(page.getByTestId('scroll-hint')).toHaveText(/Scroll sideways for more columns/);
    await region.focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await snap(page, `agent-390-${theme}`);
  }
});
