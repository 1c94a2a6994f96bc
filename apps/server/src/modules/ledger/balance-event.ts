import { paiseToRupees, type BalanceUpdatedEvent } from '@nivesh/shared';
import type { CashAccountRow } from './ledger.repository.js';

/** The `balance-updated` payload for an account row as committed. */
export function balanceEvent(account: CashAccountRow): BalanceUpdatedEvent {
  return {
    balance: paiseToRupees(account.balancePaise),
    availableCash: paiseToRupees(account.balancePaise - account.reservedPaise),
    reserved: paiseToRupees(account.reservedPaise),
    portfolioId: account.portfolioId,
  };
}
