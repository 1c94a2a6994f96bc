import {
  istDayNumber,
  dayNumberToDate,
  sma,
  type Holding,
  type Instrument,
  type Order,
  type PortfolioSummary,
  type Replay,
  type ReplayOrder,
  type ReplayPortfolio,
  type SaytrixScope,
  type VirtualAccount,
} from '@nivesh/shared';
import { unprocessable } from '../../lib/errors.js';
import type { ReplayService } from '../replay/replay.service.js';
import type { SaytrixTools } from './saytrix.tools.js';

/** Said when a live-only tool is asked for inside a replay (each reply states it as a fact). */
export const REPLAY_REFUSALS = {
  alerts:
    'I don’t set or read price alerts and GTTs inside a replay: use the “Alerts and GTTs in this replay” panel on the replay screen',
  watchlists:
    'Watchlists follow the live market, not a replay: inside a replay, ask about a stock by its name here',
  history:
    'I don’t read the trade history or journal inside a replay; ask “show my orders” for this replay’s orders',
} as const;

const roundPct = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;

/** A replay's position as the holdings answers read it (the replay's prices at its clock). */
function holdingOf(view: ReplayPortfolio, p: ReplayPortfolio['positions'][number]): Holding {
  const f = view.figures.positions.find((x) => x.symbol === p.symbol && x.product === p.product);
  const value = f?.value ?? Math.round(p.price * p.quantity * 100) / 100;
  const invested = Math.round((value - p.unrealisedPnl) * 100) / 100;
  // Shares held back by the replay's own pending sells of this stock and product.
  const reserved = view.orders
    .filter(
      (o) => o.status === 'PENDING' && o.side === 'SELL' && o.symbol === p.symbol && o.product === p.product,
    )
    .reduce((sum, o) => sum + o.quantity, 0);
  const pnlPct = f?.unrealisedPnlPercent ?? roundPct(p.unrealisedPnl, invested);
  return {
    symbol: p.symbol,
    product: p.product,
    name: p.name,
    sector: p.sector ?? 'Unknown',
    quantity: p.quantity,
    reservedQuantity: Math.min(reserved, p.quantity),
    sellableQuantity: Math.max(0, p.quantity - reserved),
    avgPrice: p.averagePrice,
    averagePrice: p.averagePrice,
    currentPrice: p.price,
    totalInvested: invested,
    currentValue: value,
    value,
    totalValue: value,
    pnl: p.unrealisedPnl,
    pnlPercentage: pnlPct,
    gainLoss: p.unrealisedPnl,
    gainLossPercentage: pnlPct,
    // Not per stock in a replay's view; the holding answer gives the portfolio's Realised P&L instead.
    realizedPnL: 0,
    dayChange: f?.daysPnl ?? 0,
    dayChangePercent: f?.daysPnlPercent ?? 0,
    lastUpdated: view.clock,
  };
}

/**
 * A replay order as the order answers read it. It carries only times on the replay clock (its
 * fill), never the wall time it was placed: `createdAt` is empty and the order line leaves it out.
 */
function orderOf(o: ReplayOrder): Order {
  return {
    id: o.id,
    _id: o.id,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    stockSymbol: o.symbol,
    stockName: o.name,
    type: o.side,
    orderType: o.orderType,
    quantity: o.quantity,
    price: o.limitPrice ?? o.executionPrice,
    limitPrice: o.limitPrice,
    triggerPrice: o.triggerPrice,
    validity: 'DAY',
    product: o.product,
    executionPrice: o.executionPrice,
    tradeValue: o.executionPrice === null ? null : Math.round(o.executionPrice * o.quantity * 100) / 100,
    fees: o.fees,
    feeBreakdown: null,
    total: null,
    realizedPnL: null,
    reserved: 0,
    status: o.status,
    statusReason: o.statusReason,
    refusal: null,
    createdAt: '',
    updatedAt: '',
    executedAt: o.executedAt,
    cancelledAt: null,
    expiresAt: null,
    receipt: null,
  };
}

export function replayScope(replay: Replay): SaytrixScope {
  return {
    portfolioId: replay.portfolioId ?? '',
    // The names its portfolio was created with (ReplayService.create).
    name: replay.blind ? 'Blind replay' : `Replay of ${replay.dates?.[0] ?? ''}`,
    kind: 'replay',
    replayId: replay.id,
    blind: replay.blind,
    ...(replay.status === 'finished' ? { finished: true } : {}),
  };
}

/**
 * The tools inside a replay: its market at the replay clock (never a bar after it) and its own
 * portfolio, through the replay module's reads (blind: the stand-in names and calendar). What runs
 * on the live market only (watchlists, news, charges preview) is refused or absent, and alerts and GTTs are left to the replay screen's own panel;
 * the leaderboard and habits stay Main's (the handlers say so).
 */
export async function replayTools(o: {
  replays: ReplayService;
  live: SaytrixTools;
  userId: string;
  replayId: string;
}): Promise<{ tools: SaytrixTools; now: () => number }> {
  const { replays, userId, replayId } = o;
  const { replay, market } = await replays.desk(userId, replayId);
  const clockMs = market.nowMs();
  const shownMs = Date.parse(replay.clock);
  let view: Promise<ReplayPortfolio> | undefined;
  const portfolio = () => (view ??= replays.portfolio(userId, replayId));
  const instruments = await replayInstruments(replays, userId, replay, clockMs);
  const refuse = (message: string) => () => Promise.reject(unprocessable(message));
  const quote = (symbol: string) => replays.quote(userId, replayId, symbol);
  const tools: SaytrixTools = {
    source: replay.blind ? 'blind replay clock' : `replay of ${dayNumberToDate(istDayNumber(clockMs))}`,
    scope: replayScope(replay),
    instruments: () => instruments,
    quote,
    async quotes(symbols) {
      const settled = await Promise.allSettled(symbols.map(quote));
      return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    },
    movers: (type, limit) => replays.movers(userId, replayId, type, limit),
    marketStatus: (exchange) => market.status(exchange),
    async account(): Promise<VirtualAccount> {
      const f = (await portfolio()).figures;
      return {
        balance: Math.round((f.availableCash + f.reserved) * 100) / 100,
        availableCash: f.availableCash,
        reserved: f.reserved,
        totalInvested: f.invested,
        portfolioValue: f.holdingsValue,
        totalGains: f.totalPnl,
        figures: f,
        lastLoginReward: null,
        transactions: [],
      };
    },
    async summary(): Promise<PortfolioSummary> {
      const v = await portfolio();
      const f = v.figures;
      const holdings = v.positions.map((p) => holdingOf(v, p));
      return {
        totalValue: f.totalValue,
        availableCash: f.availableCash,
        totalInvested: f.invested,
        totalCurrentValue: f.holdingsValue,
        totalPnL: f.unrealisedPnl,
        totalPnLPercentage: f.unrealisedPnlPercent,
        totalRealizedPnL: f.realisedPnl,
        positions: holdings,
        totalPositions: holdings.length,
        figures: f,
        // Not read by Saytrix (the client recomputes screens from these; the chat does not).
        figureInputs: {
          cash: Math.round((f.availableCash + f.reserved) * 100) / 100,
          reserved: f.reserved,
          realisedPnl: f.realisedPnl,
          positions: [],
        },
      };
    },
    holdings: async () => {
      const v = await portfolio();
      return v.positions.map((p) => holdingOf(v, p));
    },
    async orders(_userId, status, limit) {
      const all = (await portfolio()).orders;
      const wanted =
        status === 'open'
          ? all.filter((x) => x.status === 'PENDING')
          : status === 'filled'
            ? all.filter((x) => x.status === 'FILLED')
            : status === 'cancelled'
              ? all.filter((x) => x.status === 'CANCELLED')
              : all;
      return {
        data: wanted.slice(0, limit).map(orderOf),
        open: all.filter((x) => x.status === 'PENDING').length,
        total: all.length,
      };
    },
    transactions: refuse(REPLAY_REFUSALS.history),
    feePreview: undefined,
    watchlists: refuse(REPLAY_REFUSALS.watchlists),
    async movingAverage(symbol, days) {
      const history = await replays.historical(userId, replayId, symbol, '1Y');
      const last = sma(
        history.data.map((c) => c.close),
        days,
      ).at(-1);
      return typeof last === 'number' && Number.isFinite(last) ? Math.round(last * 100) / 100 : null;
    },
    alerts: refuse(REPLAY_REFUSALS.alerts),
    gtts: refuse(REPLAY_REFUSALS.alerts),
    journal: refuse(REPLAY_REFUSALS.history),
    fills: refuse(REPLAY_REFUSALS.history),
    habits: (id) => o.live.habits(id),
    leaderboard: (id) => o.live.leaderboard(id),
    ...(o.live.leaderboardOff ? { leaderboardOff: o.live.leaderboardOff } : {}),
    news: undefined,
  };
  return { tools, now: () => shownMs };
}

/**
 * The stocks a question may name inside a replay: those listed by its clock; blind, only the
 * stand-ins ("Stock A", with sector) and the indices, so a real name finds nothing to confirm.
 */
async function replayInstruments(
  replays: ReplayService,
  userId: string,
  replay: Replay,
  clockMs: number,
): Promise<Instrument[]> {
  const listed = replays.market.instruments.filter((i) => replays.market.listedBy(i.symbol, clockMs));
  if (!replay.blind || replay.status === 'finished') return listed;
  const standIns = await replays.search(userId, replay.id, '', Math.max(1, listed.length));
  return [
    ...standIns.map((s): Instrument => ({
      symbol: s.symbol,
      name: s.name,
      exchange: s.exchange,
      currency: s.currency,
      type: 'EQUITY',
      sector: s.sector,
      industry: null,
      isin: null,
      bseCode: null,
    })),
    ...listed.filter((i) => i.type === 'INDEX'),
  ];
}
