import type { Order, OrderExportQuery, OrderListQuery, OrderSummary } from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import type { AccountId } from '../../db/account-id.js';
import { toCsv } from '../../lib/csv.js';
import { notFound } from '../../lib/errors.js';
import type { MarketService } from '../market/market.service.js';
import { toOrder } from './orders.mapper.js';
import { ordersRepository, type OrderFilter, type OrderRow } from './orders.repository.js';

/** One CSV download holds at most this many orders. */
export const EXPORT_CAP = 10_000;
const EXPORT_HEADER = [
  'Created At',
  'Order ID',
  'Client Order ID',
  'Symbol',
  'Name',
  'Side',
  'Order Type',
  'Validity',
  'Quantity',
  'Limit Price',
  'Trigger Price',
  'Execution Price',
  'Trade Value',
  'Fees',
  'Total',
  'Realized P&L',
  'Status',
  'Reason',
  'Executed At',
];

/** The order queries: one order, the filtered list with its summary, the history and the CSV export. */
export class OrderQueriesService {
  constructor(private readonly o: { db: Db; market: MarketService }) {}

  async get(accountId: AccountId, id: string): Promise<Order> {
    const row = await ordersRepository.findOwn(this.o.db, accountId, id);
    if (!row) throw notFound('Order not found');
    const [fill] = await ordersRepository.fillsFor(this.o.db, [row.id]);
    return toOrder(row, fill);
  }

  private filter(query: OrderExportQuery): OrderFilter {
    const symbolInput = query.symbol ?? query.stockSymbol;
    return {
      status: query.status === 'all' ? undefined : query.status,
      side: query.type === 'all' ? undefined : query.type,
      orderType: query.orderType === 'all' ? undefined : query.orderType,
      symbol: symbolInput
        ? (this.o.market.catalog.resolve(symbolInput)?.symbol ?? symbolInput.toUpperCase())
        : undefined,
      search: query.search || undefined,
    };
  }

  private async withFills(rows: OrderRow[]): Promise<Order[]> {
    const fills = await ordersRepository.fillsFor(
      this.o.db,
      rows.map((r) => r.id),
    );
    const byOrder = new Map(fills.map((f) => [f.orderId, f]));
    return rows.map((row) => toOrder(row, byOrder.get(row.id)));
  }

  async list(accountId: AccountId, query: OrderListQuery) {
    const [{ rows, total }, counts] = await Promise.all([
      ordersRepository.page(
        this.o.db,
        accountId,
        this.filter(query),
        query.sort,
        (query.page - 1) * query.limit,
        query.limit,
      ),
      ordersRepository.countByStatus(this.o.db, accountId),
    ]);
    const n = (...statuses: string[]) =>
      counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0);
    const summary: OrderSummary = {
      totalOrders: counts.reduce((sum, c) => sum + Number(c.n), 0),
      filledOrders: n('FILLED'),
      openOrders: n('PENDING', 'OPEN'),
      cancelledOrders: n('CANCELLED'),
      rejectedOrders: n('REJECTED'),
    };
    return {
      data: await this.withFills(rows),
      summary,
      pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
    };
  }

  async history(accountId: AccountId, limit: number): Promise<Order[]> {
    return this.withFills(await ordersRepository.history(this.o.db, accountId, limit));
  }

  /** The CSV export: the list's filters and sort, no paging, one row per order in rupees. */
  async exportCsv(accountId: AccountId, query: OrderExportQuery): Promise<string> {
    const rows = await ordersRepository.all(this.o.db, accountId, this.filter(query), query.sort, EXPORT_CAP);
    return toCsv(
      EXPORT_HEADER,
      rows.map((row) => {
        const o = toOrder(row, undefined);
        return [
          o.createdAt,
          o.id,
          o.clientOrderId,
          o.symbol,
          o.stockName,
          o.type,
          o.orderType,
          o.validity,
          o.quantity,
          o.limitPrice,
          o.triggerPrice,
          o.executionPrice,
          o.tradeValue,
          o.fees,
          o.total,
          o.realizedPnL,
          o.status,
          o.statusReason,
          o.executedAt,
        ];
      }),
    );
  }
}
