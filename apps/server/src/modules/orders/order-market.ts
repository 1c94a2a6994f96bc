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
  /** A blind replay's naming until its finish; absent when names and dates show as they are. */
  standIn?: StandIn;
};

/**
 * How a blind replay names things until its finish: stocks by stand-in symbols and names, times on
 * a stand-in calendar (`iso` shows a real instant, `real` reads a shown one back).
 */
export interface StandIn {
  symbolOf(symbol: string): string;
  nameOf(symbol: string, name: string): string;
  iso(iso: string): string;
  real(ms: number): number;
}

/**
 * The replay module's answer to "does this account trade on a replay's market?": the replay's
 * market at its clock, after its resting orders have been matched up to that clock; undefined for an
 * account on the live market. A finished replay's portfolio refuses (it is read-only).
 */
export interface ReplayDesks {
  marketFor(who: AccountRef & { kind?: string }): Promise<OrderMarket | undefined>;
  /**
   * For reads of a portfolio's GTTs and alerts: the blind replay's stand-in naming while it is
   * unfinished; undefined for any other portfolio (and for a finished replay, which is revealed).
   */
  standInFor(who: AccountRef & { kind?: string }): Promise<StandIn | undefined>;
}
