import type { Order } from '@nivesh/shared';
import type { AccountRef } from '../../db/account-id.js';
import type { MarketService } from '../market/market.service.js';

/**
 * The market an order trades on: the live one, or a replay's at its clock. Intake, placement and
 * the matcher read only these members, so a replay's market can stand in for the live one.
 */
export type OrderMarket = Pick<
  MarketService,
  'nowMs' | 'quote' | 'quotes' | 'status' | 'halt' | 'resolve' | 'knowsPath' | 'firstTickPast'
> & {
  /** An order as this market's user may see it (a blind replay names stocks by their stand-ins). */
  present?: (order: Order) => Order;
};

/**
 * The replay module's answer to "does this account trade on a replay's market?": the replay's
 * market at its clock, after its resting orders have been matched up to that clock; undefined for an
 * account on the live market. A finished replay's portfolio refuses (it is read-only).
 */
export interface ReplayDesks {
  marketFor(who: AccountRef & { kind?: string }): Promise<OrderMarket | undefined>;
}
