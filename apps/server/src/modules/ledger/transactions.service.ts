import {
  isCashEntry,
  DAY_MS,
  describeFill,
  successRatePercent,
  feeBreakdownInRupees,
  formatInr,
  istDate,
  nextIstMidnight,
  paiseToRupees,
  round2,
  type Transaction,
  type TransactionExportQuery,
  type TransactionQuery,
  type TransactionRange,
  type TransactionSummary,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import type { AccountId, AccountRef } from '../../db/account-id.js';
import { toCsv } from '../../lib/csv.js';
import { addMonths } from '../../lib/dates.js';
import type { MarketService } from '../market/market.service.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import {
  transactionsRepository,
  type TransactionFilter,
  type TransactionRow,
} from './transactions.repository.js';

const rupees = (text: string) => paiseToRupees(BigInt(text));
const maybeRupees = (text: string | null) => (text === null ? null : rupees(text));

/** Start of a date-range filter, relative to now in IST: days are Indian trading days. */
export function rangeStart(range: TransactionRange, nowMs: number): Date | undefined {
  switch (range) {
    case 'today':
      return new Date(nextIstMidnight(nowMs) - DAY_MS);
    case 'week':
      return new Date(nowMs - 7 * DAY_MS);
    case 'month':
      return addMonths(new Date(nowMs), -1);
    case 'year':
      return addMonths(new Date(nowMs), -12);
    default:
      return undefined;
  }
}

const later = (a: Date | undefined, b: Date | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

function describe(row: TransactionRow): string {
  if (row.description) return row.description;
  const price = formatInr(rupees(row.price_paise));
  const side = row.type === 'buy' ? 'buy' : 'sell';
  if (row.status === 'completed')
    return describeFill({
      side: row.type === 'buy' ? 'BUY' : 'SELL',
      quantity: row.quantity,
      symbol: row.symbol,
      price: rupees(row.price_paise),
    });
  const kind = (row.order_type ?? '').toLowerCase();
  const at = row.price_paise === '0' ? '' : ` at ${price}`;
  if (row.status === 'pending') return `Pending ${kind} ${side} order for ${row.quantity} ${row.symbol}${at}`;
  const outcome = row.order_status === 'EXPIRED' ? 'expired' : 'was rejected';
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${side} order for ${row.quantity} ${row.symbol} ${outcome}`;
}

/** The transaction history: fills, resting and failed orders, and daily rewards, from SQL. */
export class TransactionsService {
  constructor(
    private readonly o: { db: Db; market: MarketService; portfolio: PortfolioService; now?: () => number },
  ) {}

  private now(): number {
    return this.o.now?.() ?? Date.now();
  }

  private filter(query: TransactionExportQuery): TransactionFilter {
    return {
      type: query.type === 'all' ? undefined : query.type,
      status: query.status === 'all' ? undefined : query.status,
      from: later(rangeStart(query.range, this.now()), query.from ? new Date(query.from) : undefined),
      to: query.to ? new Date(query.to) : undefined,
      search: query.search || undefined,
    };
  }

  private toTransaction(row: TransactionRow): Transaction {
    const instrument = isCashEntry(row.type) ? undefined : this.o.market.catalog.resolve(row.symbol);
    const gain = row.gain_paise === null ? null : BigInt(row.gain_paise);
    // The cost a sell removed is what it netted minus what it gained.
    const removed = gain === null ? null : BigInt(row.net_paise) - gain;
    const fee = (text: string | null) => BigInt(text ?? '0');
    return {
      id: row.id,
      orderId: row.order_id,
      type: row.type,
      symbol: row.symbol,
      name: row.name,
      exchange: instrument?.exchange ?? (isCashEntry(row.type) ? 'Nivesh' : 'NSE'),
      sector:
        instrument?.sector ??
        (row.type === 'reward' ? 'Reward' : row.type === 'deposit' ? 'Class deposit' : 'Unknown'),
      orderType: row.order_type,
      product: row.product,
      quantity: row.quantity,
      price: rupees(row.price_paise),
      totalAmount: rupees(row.amount_paise),
      fees: rupees(row.fees_paise),
      feeBreakdown:
        row.brokerage_paise === null
          ? null
          : feeBreakdownInRupees({
              brokerage: fee(row.brokerage_paise),
              exchangeCharge: fee(row.exchange_paise),
              stt: fee(row.stt_paise),
              gst: fee(row.gst_paise),
              sebiFee: fee(row.sebi_paise),
              stampDuty: fee(row.stamp_paise),
              dpCharge: fee(row.dp_paise),
              squareOffCharge: fee(row.square_off_paise),
              total: fee(row.fees_paise),
            }),
      netAmount: rupees(row.net_paise),
      status: row.status,
      timestamp: row.ts,
      gainLoss: maybeRupees(row.gain_paise),
      gainLossPercent: gain === null || !removed ? null : round2((Number(gain) / Number(removed)) * 100),
      failureReason:
        row.status === 'failed'
          ? (row.failure_reason ?? (row.order_status === 'EXPIRED' ? 'Expired' : 'Rejected'))
          : null,
      failureRefusal: row.status === 'failed' ? (row.refusal ?? null) : null,
      description: describe(row),
      receipt: row.receipt,
    };
  }

  async list(who: AccountRef, query: TransactionQuery) {
    const filter = this.filter(query);
    const [rows, totals, figures] = await Promise.all([
      transactionsRepository.list(
        this.o.db,
        who.accountId,
        filter,
        { by: query.sort, order: query.order },
        {
          offset: (query.page - 1) * query.limit,
          limit: query.limit,
        },
      ),
      transactionsRepository.totals(this.o.db, who.accountId, filter),
      this.o.portfolio.figures(who),
    ]);
    const summary: TransactionSummary = {
      totalTransactions: totals.total,
      // The glossary's Invested, the same figure every screen shows; what was bought is Total Bought.
      totalInvested: figures.figures.invested,
      totalBought: rupees(totals.bought_paise),
      totalSold: rupees(totals.sold_paise),
      totalFees: rupees(totals.fees_paise),
      totalGainLoss: rupees(totals.gain_paise),
      successRate: successRatePercent(totals.filled_orders, totals.finished_orders),
      filledOrders: totals.filled_orders,
      finishedOrders: totals.finished_orders,
    };
    return {
      data: rows.map((row) => this.toTransaction(row)),
      summary,
      pagination: {
        page: query.page,
        limit: query.limit,
        total: totals.total,
        totalPages: Math.ceil(totals.total / query.limit),
      },
    };
  }

  /** The whole filtered history as CSV, with the file name the download gets. */
  async exportCsv(
    accountId: AccountId,
    query: TransactionExportQuery,
  ): Promise<{ filename: string; csv: string }> {
    const rows = await transactionsRepository.list(this.o.db, accountId, this.filter(query), {
      by: query.sort,
      order: query.order,
    });
    const header = [
      'Date',
      'Type',
      'Symbol',
      'Name',
      'Exchange',
      'Order Type',
      'Quantity',
      'Price',
      'Total Amount',
      'Fees',
      'Net Amount',
      'Status',
      'Gain/Loss',
      'Gain/Loss %',
      'Failure Reason',
      'Order ID',
      'Transaction ID',
      'Description',
    ];
    const body = rows.map((row) => {
      const t = this.toTransaction(row);
      return [
        t.timestamp,
        t.type,
        t.symbol,
        t.name,
        t.exchange,
        t.orderType,
        t.quantity,
        t.price.toFixed(2),
        t.totalAmount.toFixed(2),
        t.fees.toFixed(2),
        t.netAmount.toFixed(2),
        t.status,
        t.gainLoss === null ? null : t.gainLoss.toFixed(2),
        t.gainLossPercent === null ? null : t.gainLossPercent.toFixed(2),
        t.failureReason,
        t.orderId,
        t.id,
        t.description,
      ];
    });
    return { filename: `nivesh-transactions-${istDate(this.now())}.csv`, csv: toCsv(header, body) };
  }
}
