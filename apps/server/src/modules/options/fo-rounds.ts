import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.js';
import { LeaseLost, type Fence } from '../../db/lease.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Executed, OrderAnnouncer } from '../orders/order-announcer.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { toOrder } from '../orders/orders.mapper.js';
import { foRepository, type FoOrderRow } from './fo.repository.js';

/** What the F&O rounds (matcher, square-off) are given. */
export interface FoRoundDeps {
  db: Db;
  announcer?: OrderAnnouncer;
  log: FastifyBaseLogger;
}

/**
 * One order's or position's transaction in a leased round, fenced by the lease; announced after
 * its commit. A unique-key clash (another instance did the same step first) is nothing to do.
 */
export async function foStep(
  deps: FoRoundDeps,
  role: string,
  fence: Fence | undefined,
  work: (tx: DbOrTx) => Promise<Executed | undefined>,
): Promise<Executed | undefined> {
  try {
    const done = await deps.db.transaction(async (tx) => {
      if (fence && !(await fence(tx))) throw new LeaseLost(role);
      return work(tx);
    });
    if (done) await deps.announcer?.announce(done);
    return done;
  } catch (err) {
    if (err instanceof LeaseLost) throw err;
    if (isUniqueViolation(err)) return undefined;
    deps.log.error({ err }, `${role} step failed`);
    return undefined;
  }
}

/**
 * Ends a resting F&O order without a fill (expired, cancelled at the cut-off, or rejected when it
 * was reached) and gives its reservation back, under the account and order locks.
 */
export async function endResting(
  tx: DbOrTx,
  order: Pick<FoOrderRow, 'id' | 'accountId'>,
  status: 'EXPIRED' | 'CANCELLED' | 'REJECTED',
  reason: string,
  now: Date,
): Promise<Executed | undefined> {
  const account = await ledgerRepository.lockAccount(tx, order.accountId);
  const row = await foRepository.lockOrder(tx, order.id);
  if (!account || !row || row.status !== 'PENDING') return undefined;
  const updated = await ledgerRepository.setAccount(
    tx,
    row.accountId,
    account.balancePaise,
    account.reservedPaise - row.reservedPaise,
  );
  const ended = await foRepository.updateOrder(tx, row.id, {
    status,
    statusReason: reason,
    reservedPaise: 0n,
    updatedAt: now,
    ...(status === 'CANCELLED' ? { cancelledAt: now, cancelReason: reason } : {}),
  });
  const event = status === 'CANCELLED' ? 'cancelled' : status === 'EXPIRED' ? 'expired' : 'rejected';
  return { userId: row.userId, order: toOrder(ended, undefined), event, account: updated };
}
