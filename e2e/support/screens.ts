import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const dir = fileURLToPath(new URL('../../.tmp/screenshots', import.meta.url));

/** Full-page screenshots kept for a person to look at (not compared by the suite). */
export async function snap(page: Page, name: string) {
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** What the window shows right now (not the full page), for checking what is in view. */
export async function snapViewport(page: Page, name: string) {
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
