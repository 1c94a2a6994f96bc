import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES } from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { orders, positions } from '../../db/schema/orders.js';

/** What an agent portfolio has committed: the sums its budget is checked against. */
export const agentExposureRepository = {
  /** Cost of the shares held (fees included) plus the cash held back by open buy orders, in paise. */
  async committedPaise(db: DbOrTx, accountId: AccountId): Promise<bigint> {
    const [held] = await db
      .select({ paise: sql<string>`coalesce(sum(${positions.costBasisPaise}), 0)::text` })
      .from(positions)
      .where(eq(positions.accountId, accountId));
    const [resting] = await db
      .select({ paise: sql<string>`coalesce(sum(${orders.reservedPaise}), 0)::text` })
      .from(orders)
      .where(
        and(
          eq(orders.accountId, accountId),
          eq(orders.side, 'BUY'),
          inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        ),
      );
    return BigInt(held?.paise ?? '0') + BigInt(resting?.paise ?? '0');
  },
};
