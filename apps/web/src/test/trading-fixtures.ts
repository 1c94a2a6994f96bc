import {
  computeFigures,
  type DailyRewardStatus,
  type FigureInputs,
  type Holding,
  type Order,
  type OrderPreview,
  type PortfolioSummary,
  type Transaction,
  type TransactionSummary,
  type TradingStats,
  type VirtualAccount,
} from '@nivesh/shared';

/** Schema-valid money payloads for fetch stubs at the network boundary. */

export function makeAccount(overrides: Partial<VirtualAccount> = {}): VirtualAccount {
  return {
    balance: 10000,
    availableCash: 10000,
    reserved: 0,
    totalInvested: 0,
    portfolioValue: 10000,
    totalGains: 0,
    lastLoginReward: null,
    transactions: [],
    ...overrides,
    figures:
      overrides.figures ??
      computeFigures({
        cash: overrides.balance ?? 10000,
        reserved: overrides.reserved ?? 0,
        realisedPnl: 0,
        positions: [],
      }),
  };
}

/** The glossary inputs of holdings held since before today (their day change is from yesterday's close). */
export function figureInputsOf(
  holdings: Holding[],
  cash: number,
  reserved = 0,
  realisedPnl = 0,
): FigureInputs {
  return {
    cash,
    reserved,
    realisedPnl,
    positions: holdings.map((h) => ({
      symbol: h.symbol,
      product: h.product,
      quantity: h.quantity,
      invested: h.totalInvested,
      todayQuantity: 0,
      todayCost: 0,
      price: h.currentPrice,
      previousClose: Math.round((h.currentPrice - h.dayChange / h.quantity) * 100) / 100,
    })),
  };
}

let seq = 0;

export function makeOrder(overrides: Partial<Order> = {}): Order {
  seq += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return {
    id,
    _id: id,
    clientOrderId: `client-${seq}-abcdef`,
    symbol: 'RELIANCE',
    stockSymbol: 'RELIANCE',
    stockName: 'Reliance Industries Ltd.',
    type: 'BUY',
    orderType: 'MARKET',
    quantity: 2,
    price: 1414.5,
    limitPrice: null,
    triggerPrice: null,
    validity: 'DAY',
    product: 'CNC',
    executionPrice: 1414.5,
    tradeValue: 2829,
    fees: 3.54,
    feeBreakdown: {
      brokerage: 2.83,
      exchangeCharge: 0.1,
      stt: 0,
      gst: 0.53,
      sebiFee: 0,
      stampDuty: 0.08,
      dpCharge: 0,
      squareOffCharge: 0,
      total: 3.54,
    },
    total: 2832.54,
    realizedPnL: null,
    reserved: 0,
    status: 'FILLED',
    statusReason: null,
    refusal: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    executedAt: '2026-11-21T10:00:00.000Z',
    cancelledAt: null,
    expiresAt: null,
    receipt: null,
    ...overrides,
  };
}

export function makeHolding(symbol: string, overrides: Partial<Holding> = {}): Holding {
  const quantity = overrides.quantity ?? 4;
  const avgPrice = overrides.avgPrice ?? 1000;
  const currentPrice = overrides.currentPrice ?? 1100;
  const reservedQuantity = overrides.reservedQuantity ?? 0;
  return {
    symbol,
    product: 'CNC',
    name: `${symbol} Ltd.`,
    sector: 'Energy',
    quantity,
    reservedQuantity,
    sellableQuantity: Math.max(0, quantity - reservedQuantity),
    avgPrice,
    averagePrice: avgPrice,
    currentPrice,
    totalInvested: quantity * avgPrice,
    currentValue: quantity * currentPrice,
    value: quantity * currentPrice,
    totalValue: quantity * currentPrice,
    pnl: quantity * (currentPrice - avgPrice),
    pnlPercentage: ((currentPrice - avgPrice) / avgPrice) * 100,
    gainLoss: quantity * (currentPrice - avgPrice),
    gainLossPercentage: ((currentPrice - avgPrice) / avgPrice) * 100,
    realizedPnL: 0,
    dayChange: 0,
    dayChangePercent: 0,
    lastUpdated: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function orderList(orders: Order[]) {
  return {
    success: true,
    data: orders,
    summary: {
      totalOrders: orders.length,
      filledOrders: orders.filter((o) => o.status === 'FILLED').length,
      openOrders: orders.filter((o) => o.status === 'PENDING' || o.status === 'OPEN').length,
      cancelledOrders: orders.filter((o) => o.status === 'CANCELLED').length,
      rejectedOrders: orders.filter((o) => o.status === 'REJECTED').length,
    },
    pagination: { page: 1, limit: 20, total: orders.length, totalPages: 1 },
  };
}

/** A summary whose figures are the glossary's of these holdings; `reserved` is cash held back on top of `availableCash`. */
export function makeSummary(
  holdings: Holding[],
  availableCash = 10_000,
  reserved = 0,
  realisedPnl = 0,
): PortfolioSummary {
  const value = holdings.reduce((s, h) => s + h.value, 0);
  const invested = holdings.reduce((s, h) => s + h.totalInvested, 0);
  return {
    totalValue: availableCash + value,
    availableCash,
    totalInvested: invested,
    totalCurrentValue: value,
    totalPnL: value - invested,
    totalPnLPercentage: invested ? ((value - invested) / invested) * 100 : 0,
    totalRealizedPnL: 0,
    positions: holdings,
    totalPositions: holdings.length,
    figures: computeFigures(figureInputsOf(holdings, availableCash + reserved, reserved, realisedPnl)),
    figureInputs: figureInputsOf(holdings, availableCash + reserved, reserved, realisedPnl),
  };
}

export function makeReward(o: Partial<DailyRewardStatus> = {}): DailyRewardStatus {
  return {
    lastClaimDate: null,
    loginStreak: 0,
    totalRewards: 0,
    claimedToday: false,
    nextRewardAvailable: '2026-11-21T10:00:00.000Z',
    amount: 100,
    ...o,
  };
}

export function makeTransaction(id: string, o: Partial<Transaction> = {}): Transaction {
  return {
    id,
    orderId: `order-${id}`,
    type: 'buy',
    symbol: 'RELIANCE',
    name: 'Reliance Industries Ltd.',
    exchange: 'NSE',
    sector: 'Energy',
    orderType: 'MARKET',
    product: 'CNC',
    quantity: 2,
    price: 1500,
    totalAmount: 3000,
    fees: 4.5,
    feeBreakdown: {
      brokerage: 3,
      exchangeCharge: 0.1,
      stt: 0,
      gst: 0.56,
      sebiFee: 0,
      stampDuty: 0.09,
      dpCharge: 0,
      squareOffCharge: 0,
      total: 4.5,
    },
    netAmount: -3004.5,
    status: 'completed',
    timestamp: '2026-11-21T04:30:00.000Z',
    gainLoss: null,
    gainLossPercent: null,
    failureReason: null,
    failureRefusal: null,
    description: 'Bought 2 RELIANCE',
    receipt: null,
    ...o,
  };
}

export function makeTxSummary(o: Partial<TransactionSummary> = {}): TransactionSummary {
  return {
    totalTransactions: 0,
    totalInvested: 0,
    totalBought: 0,
    totalSold: 0,
    totalFees: 0,
    totalGainLoss: 0,
    successRate: null,
    filledOrders: 0,
    finishedOrders: 0,
    ...o,
  };
}

export function makeStats(o: Partial<TradingStats> = {}): TradingStats {
  return { totalTrades: 0, winRate: null, realizedPnL: 0, bestTrade: null, achievements: [], ...o };
}

/** A preview answer (POST /api/orders/preview) before a cut-off of 15:20 IST on Nov 21, 2026. */
export function makePreview(o: Partial<OrderPreview> = {}): OrderPreview {
  return {
    symbol: 'RELIANCE',
    name: 'Reliance Industries Ltd.',
    type: 'BUY',
    orderType: 'MARKET',
    quantity: 1,
    price: 1414.5,
    marketPrice: 1414.5,
    tradeValue: 1414.5,
    fees: {
      brokerage: 1.41,
      exchangeCharge: 0.05,
      stt: 0,
      gst: 0.26,
      sebiFee: 0,
      stampDuty: 0.04,
      dpCharge: 0,
      squareOffCharge: 0,
      total: 1.76,
    },
    total: 1416.26,
    availableCash: 9500,
    availableQuantity: 0,
    estimatedPnL: null,
    sufficient: true,
    message: null,
    refusal: null,
    marketOpen: true,
    product: 'CNC',
    intradayCutoff: { at: '2026-11-21T09:50:00.000Z', passed: false, reopensAt: null },
    ...o,
  };
}
