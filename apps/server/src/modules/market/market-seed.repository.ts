import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { appSettings } from '../../db/schema/market.js';

export const MARKET_SEED_KEY = 'market_seed';

export const marketSeedRepository = {
  /** Stores `seed` unless a seed is stored already (another instance, an earlier start, the upgrade). */
  async insertIfAbsent(db: DbOrTx, seed: string): Promise<void> {
    await db.insert(appSettings).values({ key: MARKET_SEED_KEY, value: seed }).onConflictDoNothing();
  },

  async find(db: DbOrTx): Promise<string | undefined> {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, MARKET_SEED_KEY));
    return row?.value;
  },
};
