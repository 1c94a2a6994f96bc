import { chromium } from '@playwright/test';
const base = 'http://localhost:4391';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
const email = `lt${Date.now()}@example.com`;
const res = await page.request.post(base + '/api/auth/signup', { data: { fullName: 'Long Task', email, password: 'Str0ng!pass' } });
const { token, user } = await res.json();
await page.goto(base + '/terms');
await page.evaluate(([t, u]) => { localStorage.setItem('token', t); localStorage.setItem('user', JSON.stringify(u)); }, [token, user]);
await page.addInitScript(() => {
  window.__lt = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
});
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
for (const path of (process.env.PATHS ?? '/dashboard').split(',')) {
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const lt = await page.evaluate(() => window.__lt);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
  console.log(path, 'FCP', Math.round(fcp ?? -1), 'long tasks [start, ms]:', JSON.stringify(lt));
}
await browser.close();
