import { chromium } from '@playwright/test';
const base = 'http://localhost:4391';
const out = '/work/main/.tmp/walk';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
async function run(width, dark) {
  const ctx = await b.newContext({ viewport: { width, height: 900 }, colorScheme: dark ? 'dark' : 'light' });
  const page = await ctx.newPage();
  await page.goto(base + '/signup');
  await page.getByLabel('Full Name').fill('Asha Walk');
  await page.getByLabel('Email').fill(`walk${width}${dark}${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByLabel('Confirm Password').fill('Str0ng!pass');
  await page.getByLabel(/I agree to the Terms of Service/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(/dashboard/);
  await page.goto(base + '/saytrix');
  const qs = process.argv.slice(2);
  for (const q of qs) {
    await page.getByPlaceholder(/Ask Saytrix/).fill(q);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(1500);
  }
  await page.waitForTimeout(800);
  const sw = await page.evaluate(() => [document.scrollingElement.scrollWidth, innerWidth]);
  console.log(width, dark, 'scroll', sw);
  await page.screenshot({ path: `${out}/say-${width}-${dark ? 'dark' : 'light'}.png` });
  const texts = await page.locator('[data-testid="saytrix-answer"], .prose').allInnerTexts().catch(() => []);
  await ctx.close();
}
await run(Number(process.env.W ?? 1366), false);
if (!process.env.W) await run(390, true);
await b.close();
