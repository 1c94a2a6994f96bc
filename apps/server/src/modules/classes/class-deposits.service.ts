import { dateToDayNumber, istDayNumber, rupeesToPaise } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { classDepositsRepository } from './class-deposits.repository.js';
import { classesRepository, type ClassRow } from './classes.repository.js';

/** Thrown inside a deposit's transaction to roll its claim back (the account is closed). */
class AccountClosed extends Error {}

/** Class weeks that have begun by `today`: 1 for the second week (the first is the starting cash). */
export function weeksBegun(cls: Pick<ClassRow, 'startDate' | 'endDate'>, today: number): number {
  const start = dateToDayNumber(cls.startDate);
  const last = Math.min(today, dateToDayNumber(cls.endDate));
  return last < start ? 0 : Math.floor((last - start) / 7);
}

/**
 * Weekly deposits (class rule `weeklyDeposit`): at the start of each class week after the first,
 * every active student's class portfolio is credited that virtual cash, as a ledger entry, once per
 * (class, student, week). A late joiner gets the weeks already begun, so classmates have had the
 * same cash. Run by the standings job (a leased round), so at most one instance pays at a time,
 * and the key makes a second pay nothing even if two did.
 */
export class ClassDepositsService {
  constructor(private readonly o: { db: Db; log: FastifyBaseLogger; now: () => number }) {}

  /** Pays what is due in one class; the number of deposits made. */
  async payClass(cls: ClassRow): Promise<number> {
    const rupees = cls.rules.weeklyDeposit;
    if (!rupees) return 0;
    const weeks = weeksBegun(cls, istDayNumber(this.o.now()));
    if (weeks === 0) return 0;
    const amountPaise = rupeesToPaise(rupees);
    const [members, paid] = await Promise.all([
      classesRepository.members(this.o.db, cls.id),
      classDepositsRepository.paid(this.o.db, cls.id),
    ]);
    let made = 0;
    for (const m of members) {
      if (m.status !== 'active') continue;
      for (let week = 1; week <= weeks; week += 1) {
        if (paid.has(`${m.userId}:${week}`)) continue;
        try {
          const done = await this.o.db.transaction(async (tx) => {
            const claimed = await classDepositsRepository.claim(tx, {
              classId: cls.id,
              userId: m.userId,
              week,
              accountId: m.accountId,
              amountPaise,
            });
            if (!claimed) return false;
            const account = await ledgerRepository.lockAccount(tx, m.accountId);
            if (!account) throw new AccountClosed();
            const balance = account.balancePaise + amountPaise;
            await ledgerRepository.append(tx, {
              userId: m.userId,
              accountId: account.id,
              kind: 'CLASS_DEPOSIT',
              amountPaise,
              balanceAfterPaise: balance,
              description: `Weekly class deposit: "${cls.name}", week ${week + 1}`,
              orderId: null,
            });
            await ledgerRepository.setAccount(tx, account.id, balance, account.reservedPaise);
            return true;
          });
          if (done) made += 1;
        } catch (error) {
          if (!(error instanceof AccountClosed)) throw error;
          this.o.log.info({ classId: cls.id, userId: m.userId }, 'class deposit skipped: account closed');
        }
      }
    }
    return made;
  }
}
