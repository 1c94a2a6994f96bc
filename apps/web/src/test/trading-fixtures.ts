import type { DailyRewardStatus, Holding, Order, PortfolioSummary, Transaction, TransactionSummary, TradingStats, VirtualAccount } from '@nivesh/shared';

/** Schema-valid trading payloads for fetch stubs at the network boundary. */
export function makeHolding(symbol: string, o: Partial<Holding> = {}): Holding {
  const quantity = o.quantity ?? 2;
  const avgPrice = o.avgPrice ?? 100;
  const currentPrice = o.currentPrice ?? 110;
  const value = currentPrice * quantity;
  const invested = avgPrice * quantity;
  const pnl = value - invested;
  return {
    symbol,
    name: `${symbol} Ltd.`,
    sector: 'Energy',
    quantity,
    avgPrice,
    averagePrice: avgPrice,
    currentPrice,
    totalInvested: invested,
    currentValue: value,
    value,
    totalValue: value,
    pnl,
    pnlPercentage: (pnl / invested) * 100,
    gainLoss: pnl,
    gainLossPercentage: (pnl / invested) * 100,
    realizedPnL: 0,
    dayChange: 0,
    dayChangePercent: 0,
    lastUpdated: '2026-11-21T10:00:00.000Z',
    ...o,
  };
}

export function makeSummary(holdings: Holding[], availableCash = 10_000): PortfolioSummary {
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
  };
}

export function makeAccount(o: Partial<VirtualAccount> = {}): VirtualAccount {
  return {
    balance: 10_000,
    availableCash: 10_000,
    reserved: 0,
    totalInvested: 0,
    portfolioValue: 0,
    totalGains: 0,
    lastLoginReward: null,
    transactions: [],
    ...o,
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
    quantity: 2,
    price: 1500,
    totalAmount: 3000,
    fees: 4.5,
    feeBreakdown: { brokerage: 3, exchangeCharge: 0.1, stt: 0, gst: 0.56, sebiFee: 0, stampDuty: 0.09, total: 4.5 },
    netAmount: -3004.5,
    status: 'completed',
    timestamp: '2026-11-21T04:30:00.000Z',
    gainLoss: null,
    gainLossPercent: null,
    failureReason: null,
    description: 'Bought 2 RELIANCE',
    ...o,
  };
}

export function makeTxSummary(o: Partial<TransactionSummary> = {}): TransactionSummary {
  return { totalTransactions: 0, totalInvested: 0, totalSold: 0, totalFees: 0, totalGainLoss: 0, successRate: 0, ...o };
}

export function makeStats(o: Partial<TradingStats> = {}): TradingStats {
  return { totalTrades: 0, winRate: null, realizedPnL: 0, bestTrade: null, achievements: [], ...o };
}

export function makeOrder(o: Partial<Order> = {}): Order {
  const id = o.id ?? '00000000-0000-4000-8000-000000000001';
  const symbol = o.symbol ?? 'RELIANCE';
  return {
    id,
    _id: id,
    clientOrderId: 'client-order-1',
    symbol,
    stockSymbol: symbol,
    stockName: `${symbol} Ltd.`,
    type: 'BUY',
    orderType: 'MARKET',
    quantity: 1,
    price: 1000,
    limitPrice: null,
    triggerPrice: null,
    validity: 'DAY',
    executionPrice: 1000,
    tradeValue: 1000,
    fees: 1.25,
    feeBreakdown: { brokerage: 1, exchangeCharge: 0.03, stt: 0, gst: 0.19, sebiFee: 0, stampDuty: 0.03, total: 1.25 },
    total: 1001.25,
    realizedPnL: null,
    reserved: 0,
    status: 'FILLED',
    statusReason: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    executedAt: '2026-11-21T10:00:00.000Z',
    cancelledAt: null,
    expiresAt: null,
    ...o,
  };
}
