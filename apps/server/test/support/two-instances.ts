import { afterAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppConfig } from '../../src/config/env.js';
import type { Database } from '../../src/db/database.js';
import { memoryMailer, openTestDatabase, testConfig } from './test-app.js';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Two app instances on one fresh PostgreSQL database with a shared injected clock, as two servers
 * behind a load balancer; closed (and the database dropped) after the suite. Call inside a describe.
 */
export function twoInstancesOnPostgres(now: () => number, overrides: Partial<AppConfig> = {}) {
  let drop: (() => Promise<void>) | undefined;
  const apps: App[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
  });
  return async (): Promise<{ a: App; b: App; database: Database }> => {
    const opened = await openTestDatabase('postgres');
    drop = opened.drop;
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp({
        config: testConfig(overrides),
        database: opened.database,
        mailer: memoryMailer().mailer,
        logger: false,
        now,
      });
      await app.ready();
      apps.push(app);
    }
    return { a: apps[0]!, b: apps[1]!, database: opened.database };
  };
}
