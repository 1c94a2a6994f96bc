import {
  computeFigures,
  istDayNumber,
  paiseToRupees,
  todaysShare,
  type ReplayOrder,
  type ReplayPortfolio,
} from '@nivesh/shared';
import type { PositionRow } from '../orders/positions.repository.js';
import type { BlindView } from './blind-view.js';
import type { ReplayMarket } from './replay-market.js';
import type { replayRepository } from './replay.repository.js';

type OrderRows = Awaited<ReturnType<typeof replayRepository.orders>>;
type FillRows = Awaited<ReturnType<typeof replayRepository.fills>>;
type Account = NonNullable<Awaited<ReturnType<typeof replayRepository.account>>>;

/**
 * A replay's portfolio as of its clock: the glossary's figures (computeFigures, the one formula every
 * screen uses) at the replay's prices, where "today" is the replay clock's day; blind, the stand-in
 * names and calendar.
 */
export function replayPortfolioView(o: {
  replayId: string;
  portfolioId: string;
  market: ReplayMarket;
  clockMs: number;
  blind: BlindView | null;
  account: Account;
  positions: PositionRow[];
  orders: OrderRows;
  fills: FillRows;
}): ReplayPortfolio {
  const { market, clockMs, blind } = o;
  const shown = (ms: number) => new Date(blind ? blind.time(ms) : ms).toISOString();
  const instrument = (symbol: string) => market.instruments.find((i) => i.symbol === symbol);
  const nameOf = (symbol: string, name: string) => (blind ? blind.nameOf(symbol, name) : name);
  const symbolOf = (symbol: string) => (blind ? blind.symbolOf(symbol) : symbol);
  const today = istDayNumber(clockMs);
  const bought = new Map<string, { quantity: number; costPaise: bigint }>();
  for (const f of o.fills) {
    if (f.side !== 'BUY' || !f.executedAt || istDayNumber(f.executedAt.getTime()) !== today) continue;
    const key = `${f.symbol}|${f.product}`;
    const b = bought.get(key) ?? { quantity: 0, costPaise: 0n };
    bought.set(key, {
      quantity: b.quantity + f.quantity,
      costPaise: b.costPaise + f.valuePaise + f.feesPaise,
    });
  }
  const open = o.positions.filter((p) => p.quantity > 0);
  const quotes = new Map(open.map((p) => [p.symbol, market.quote(p.symbol, clockMs)]));
  const figures = computeFigures({
    cash: paiseToRupees(o.account.balancePaise),
    reserved: paiseToRupees(o.account.reservedPaise),
    realisedPnl: paiseToRupees(o.positions.reduce((sum, p) => sum + p.realizedPnlPaise, 0n)),
    positions: open.map((p) => {
      const quote = quotes.get(p.symbol)!;
      const b = bought.get(`${p.symbol}|${p.product}`);
      const share = todaysShare(p.quantity, b?.quantity ?? 0, b ? paiseToRupees(b.costPaise) : 0);
      return {
        symbol: symbolOf(p.symbol),
        product: p.product,
        quantity: p.quantity,
        invested: paiseToRupees(p.costBasisPaise),
        todayQuantity: share.quantity,
        todayCost: share.cost,
        price: quote.price,
        previousClose: quote.previousClose ?? null,
      };
    }),
  });
  const orders: ReplayOrder[] = o.orders.map(({ order, fill }) => ({
    id: order.id,
    clientOrderId: order.clientOrderId,
    symbol: symbolOf(order.symbol),
    name: nameOf(order.symbol, order.name),
    side: order.side as ReplayOrder['side'],
    orderType: order.orderType as ReplayOrder['orderType'],
    product: order.product,
    quantity: order.quantity,
    limitPrice: order.limitPricePaise === null ? null : paiseToRupees(order.limitPricePaise),
    triggerPrice: order.triggerPricePaise === null ? null : paiseToRupees(order.triggerPricePaise),
    status: (order.status === 'OPEN' ? 'PENDING' : order.status) as ReplayOrder['status'],
    statusReason: order.statusReason,
    executionPrice: fill ? paiseToRupees(fill.pricePaise) : null,
    fees: fill ? paiseToRupees(fill.feesPaise) : 0,
    executedAt: fill && order.executedAt ? shown(order.executedAt.getTime()) : null,
  }));
  return {
    replayId: o.replayId,
    portfolioId: o.portfolioId,
    clock: shown(clockMs),
    startingCash: paiseToRupees(o.account.startingCashPaise),
    figures,
    chargesPaid: paiseToRupees(o.fills.reduce((sum, f) => sum + f.feesPaise, 0n)),
    positions: open.map((p) => {
      const info = instrument(p.symbol);
      const figured = figures.positions.find(
        (f) => f.symbol === symbolOf(p.symbol) && f.product === p.product,
      );
      return {
        symbol: symbolOf(p.symbol),
        name: nameOf(p.symbol, info?.name ?? p.symbol),
        sector: info?.sector ?? null,
        product: p.product,
        quantity: p.quantity,
        // Rounded to the nearest paisa, like every per-share price.
        averagePrice: paiseToRupees((p.costBasisPaise * 2n + BigInt(p.quantity)) / (2n * BigInt(p.quantity))),
        price: quotes.get(p.symbol)!.price,
        unrealisedPnl: figured?.unrealisedPnl ?? 0,
      };
    }),
    orders,
  };
}
