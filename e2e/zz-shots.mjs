import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const theme of ['light', 'dark']) {
  for (const [w, h] of [[1366, 900], [390, 844]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    await page.goto('http://localhost:4391/login');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const path of ['/login', '/signup']) {
      await page.goto('http://localhost:4391' + path);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `/tmp/shot-${path.slice(1)}-${w}-${theme}.png` });
    }
    // reach for the form: the app takes over
    await page.getByLabel('Full Name').fill('Asha');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shot-signup-live-${w}-${theme}.png` });
    await ctx.close();
  }
}
await browser.close();
