import { STARTING_BALANCE_PAISE } from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import { ledgerRepository } from './ledger.repository.js';

/** Every new user, by e-mail or Google, starts with ₹10,000 of virtual cash, written as a ledger entry. */
export function openCashAccount(db: DbOrTx, userId: string) {
  return ledgerRepository.openAccount(
    db,
    userId,
    STARTING_BALANCE_PAISE,
    'Welcome bonus: opening virtual balance',
  );
}
