import { STARTING_BALANCE_PAISE } from '@nivesh/shared';
import type { DbOrTx } from '../../db/database.js';
import { portfoliosRepository } from '../portfolios/portfolios.repository.js';

/**
 * Every new user, by e-mail or Google, gets their main portfolio with ₹10,000 of virtual cash,
 * written as a ledger entry; call inside the sign-up transaction.
 */
export async function openCashAccount(db: DbOrTx, userId: string): Promise<void> {
  await portfoliosRepository.create(
    db,
    { userId, name: 'Main', kind: 'main', startingCashPaise: STARTING_BALANCE_PAISE },
    'Welcome bonus: opening virtual balance',
  );
}
