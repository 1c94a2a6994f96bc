import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.js';
import { LeaseLost, type Fence } from '../../db/lease.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Executed, OrderAnnouncer } from '../orders/order-announcer.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import type { OrderExecution } from '../orders/order-execution.service.js';
import { foRepository, type FoOrderRow } from './fo.repository.js';

/** What the F&O rounds (matcher, square-off) are given. */
export interface FoRoundDeps {
  db: Db;
  announcer?: OrderAnnouncer;
  /** The common writers: a resting order ends by their release, as a cancel does. */
  execution: Pick<OrderExecution, 'release'>;
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
 * was reached) under the account and order locks, through the release every resting order ends by
 * (its reservation goes back); undefined when it no longer rests.
 */
export async function endResting(
  deps: Pick<FoRoundDeps, 'execution'>,
  tx: DbOrTx,
  order: Pick<FoOrderRow, 'id' | 'accountId'>,
  status: 'EXPIRED' | 'CANCELLED' | 'REJECTED',
  reason: string,
  now: Date,
): Promise<Executed | undefined> {
  const account = await ledgerRepository.lockAccount(tx, order.accountId);
  const row = await foRepository.lockOrder(tx, order.id);
  if (!account || !row || row.status !== 'PENDING') return undefined;
  return deps.execution.release(tx, account, row, status, reason, now);
}
