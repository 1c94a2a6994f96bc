import {
  dateToDayNumber,
  dayNumberToDate,
  sessionBounds,
  weekdayOf,
  MAX_OPEN_REPLAYS,
  OPEN_REPLAYS_LIMIT_MESSAGE,
  type CreateReplayRequest,
  type Drill,
  type Period,
  type Quote,
  type Replay,
  type ReplayPortfolio,
  type SearchResult,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { asAccountId, type AccountRef } from '../../db/account-id.js';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors.js';
import { lockUserRow } from '../../db/user-row-lock.js';
import type { ReplayMarketReads } from '../market/replay-reads.js';
import { BlindView } from './blind-view.js';
import { listDrills } from './drills.js';
import { advanceSession, endOf, snapToSession } from './replay-clock.js';
import { getReplaySimulator } from './replay-history.js';
import { ReplayMarket, recordedShocks } from './replay-market.js';
import { replayRepository, type ReplayRow } from './replay.repository.js';
import type { OrderMarket, ReplayDesks, StandIn } from '../orders/order-market.js';
import { positionsRepository } from '../orders/positions.repository.js';
import { portfoliosRepository } from '../portfolios/portfolios.repository.js';
import { ReplayOrderMarket, guardMarket } from './replay-order-market.js';
import { replayPortfolioView } from './replay-portfolio-view.js';
import { scoreReplay } from './replay-scoring.js';
import { REPLAY_CLOSING_KEY, type ReplayTrading } from './replay-trading.js';

const REPLAY_NOT_FOUND = 'Replay not found';
/** Every replay trades in its own portfolio with this much cash (issue 25 §2). */
export const REPLAY_STARTING_CASH_PAISE = 10_000_00n;
const REPLAY_FINISHED_MESSAGE =
  'This replay is finished; its portfolio is read-only. Start a new replay to trade again';
/** The Replay Lab lists this many of a user's newest replays. */
const REPLAY_LIST_LIMIT = 50;
const PRICES_NOTE =
  'Prices are the bundle’s split- and bonus-adjusted ones, not the prints of the day; minute paths are modelled around each real day’s open, high, low and close.';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const replayMarkets = new Map<string, ReplayMarket>();

/** Replays: their own clock over the bundled real history, and the market read at that clock. */
export class ReplayService implements ReplayMarketReads, ReplayDesks {
  constructor(
    private readonly o: {
      db: Db;
      dataDir: string;
      seed: string;
      /** Matches and squares off the replay portfolio's orders on the replay clock. */
      trading: ReplayTrading;
      /** Wall time, from which a playing clock advances. */
      now?: () => number;
    },
  ) {}

  private nowMs() {
    return this.o.now?.() ?? Date.now();
  }

  /** Built on first use (calibrating the longer history takes seconds), then shared by the process. */
  get market(): ReplayMarket {
    const key = `${this.o.dataDir}|${this.o.seed}`;
    let market = replayMarkets.get(key);
    if (!market) {
      const sim = getReplaySimulator(this.o.dataDir, this.o.seed, recordedShocks());
      replayMarkets.set(key, (market = new ReplayMarket(sim)));
    }
    return market;
  }

  drills(): Drill[] {
    return listDrills(this.market);
  }

  private tradingDays(row: Pick<ReplayRow, 'firstDay' | 'days'>): number[] {
    return this.market.tradingDaysFrom(dateToDayNumber(row.firstDay), row.days);
  }

  /** The clock now: the stored one, advanced by speed × the wall time since play while playing. */
  clockOf(row: ReplayRow): number {
    if (row.status !== 'playing' || !row.playingSince) return row.clockMs;
    const wall = Math.max(0, this.nowMs() - row.playingSince.getTime());
    return advanceSession(this.tradingDays(row), row.clockMs, wall * row.speed);
  }

  private blindOf(row: ReplayRow): BlindView | null {
    if (!row.blind || row.status === 'finished') return null;
    const equities = this.market.instruments.filter((i) => i.type === 'EQUITY' && i.currency === 'INR');
    return new BlindView(row.id, dateToDayNumber(row.firstDay), equities);
  }

  private view(row: ReplayRow): Replay {
    const days = this.tradingDays(row);
    const clock = this.clockOf(row);
    const blind = this.blindOf(row);
    const shown = (ms: number) => new Date(blind ? blind.time(ms) : ms).toISOString();
    const halt = this.market.breaker.at(clock);
    const ended = clock >= endOf(days);
    return {
      id: row.id,
      status: row.status === 'playing' && ended ? 'paused' : (row.status as Replay['status']),
      blind: row.blind,
      speed: row.speed,
      days: row.days,
      clock: shown(clock),
      dates: blind ? null : days.map(dayNumberToDate),
      endsAt: shown(endOf(days)),
      calendar: blind ? 'stand-in' : 'real',
      pricesNote: PRICES_NOTE,
      marketHalt: halt
        ? {
            phase: halt.phase,
            message: halt.quoteHalt.message,
            reopensAt: halt.quoteHalt.reopensAt && shown(Date.parse(halt.quoteHalt.reopensAt)),
          }
        : null,
      portfolioId: row.portfolioId,
      score: row.status === 'finished' ? (row.score ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  /** Why `date` cannot open a replay, or undefined when it is a bundled trading day. */
  private refuseDate(date: string): string | undefined {
    const day = dateToDayNumber(date);
    if (!Number.isFinite(day) || dayNumberToDate(day) !== date) return `${date} is not a calendar date`;
    if (this.market.isTradingDay(day)) return undefined;
    const first = this.firstBundledDay();
    const last = this.lastBundledDay();
    if (day < first) return `The bundled history starts on ${dayNumberToDate(first)}; ${date} is before it`;
    if (day > last)
      return `The bundled real history ends on ${dayNumberToDate(last)}; days after it are simulated, not replayable`;
    const weekday = weekdayOf(day);
    if (weekday === 0 || weekday === 6)
      return `${date} is a ${WEEKDAYS[weekday]}: the bundled history has no session that day`;
    return `${date} has no session in the bundled history (an exchange holiday, or a day its source lacks)`;
  }

  private firstBundledDay(): number {
    return this.market.niftyDays()[0]!;
  }

  private lastBundledDay(): number {
    return this.market.niftyDays().at(-1)!;
  }

  async create(userId: string, input: CreateReplayRequest): Promise<Replay> {
    const refused = this.refuseDate(input.date);
    if (refused) throw badRequest(refused, { date: refused });
    const days = this.market.tradingDaysFrom(dateToDayNumber(input.date), input.days);
    if (days.length < input.days) {
      const message = `Only ${days.length} bundled trading day${days.length === 1 ? '' : 's'} from ${input.date} on; ask for fewer days`;
      throw badRequest(message, { days: message });
    }
    const row = await this.o.db.transaction(async (tx) => {
      // The user row lock serialises one user's creates, so two at the cap cannot both pass it.
      if (!(await lockUserRow(tx, userId))) throw notFound('User not found');
      if ((await replayRepository.countOpen(tx, userId)) >= MAX_OPEN_REPLAYS)
        throw conflict(OPEN_REPLAYS_LIMIT_MESSAGE);
      const portfolio = await portfoliosRepository.create(
        tx,
        {
          userId,
          name: input.blind ? 'Blind replay' : `Replay of ${input.date}`,
          kind: 'replay',
          startingCashPaise: REPLAY_STARTING_CASH_PAISE,
        },
        input.blind ? 'Opening balance of a blind replay' : `Opening balance of the replay of ${input.date}`,
      );
      const openMs = sessionBounds('nse', days[0]!).openMs;
      return replayRepository.insert(tx, {
        userId,
        portfolioId: portfolio.id,
        firstDay: input.date,
        days: input.days,
        blind: input.blind,
        speed: input.speed,
        status: 'paused',
        clockMs: openMs,
        matchedToMs: openMs,
      });
    });
    return this.view(row);
  }

  private async own(userId: string, id: string): Promise<ReplayRow> {
    const row = await replayRepository.findOwn(this.o.db, userId, id);
    if (!row) throw notFound(REPLAY_NOT_FOUND);
    return row;
  }

  private async open(userId: string, id: string): Promise<ReplayRow> {
    const row = await this.own(userId, id);
    if (row.status === 'finished') throw badRequest('This replay is finished; start a new one');
    return row;
  }

  /** The Replay Lab's list: the newest replays first. */
  async list(userId: string): Promise<Replay[]> {
    const rows = await replayRepository.listOwn(this.o.db, userId, REPLAY_LIST_LIMIT);
    return rows.map((row) => this.view(row));
  }

  async get(userId: string, id: string): Promise<Replay> {
    const row = await this.own(userId, id);
    await this.sync(row);
    return this.view(row);
  }

  /** Stores the clock's move, then plays the portfolio's resting orders up to the new clock. */
  private async save(userId: string, id: string, values: Parameters<typeof replayRepository.update>[3]) {
    const row = await replayRepository.update(this.o.db, userId, id, values);
    if (!row) throw notFound(REPLAY_NOT_FOUND);
    await this.sync(row);
    return this.view(row);
  }

  // The replay's portfolio ---------------------------------------------------------------------

  /** The replay portfolio's open account: who trades in it. Undefined for a replay made before portfolios. */
  private async accountOf(row: ReplayRow) {
    if (!row.portfolioId) return undefined;
    const account = await replayRepository.account(this.o.db, row.portfolioId);
    if (!account) return undefined;
    const who: AccountRef = { userId: row.userId, accountId: asAccountId(account.accountId) };
    return { who, account };
  }

  /**
   * Plays the portfolio's resting orders through the replay's market up to `clock` (by default the
   * clock now): the clock moves on its own while playing, so every read and order catches up first.
   */
  private async sync(row: ReplayRow, clock = this.clockOf(row)): Promise<void> {
    if (row.status === 'finished') return;
    const from = row.matchedToMs ?? clock;
    if (clock <= from) return;
    const owner = await this.accountOf(row);
    if (!owner) return;
    await this.o.trading.catchUp(this.market, owner.who, this.tradingDays(row), from, clock);
    await replayRepository.matchedTo(this.o.db, row.id, clock);
    row.matchedToMs = clock;
  }

  /**
   * ReplayDesks: an order in a replay's portfolio trades on that replay's market at its clock (after
   * its resting orders have caught up); any other account trades live. A finished replay refuses.
   */
  async marketFor(who: AccountRef & { kind?: string }): Promise<OrderMarket | undefined> {
    if (who.kind !== undefined && who.kind !== 'replay') return undefined;
    const row = await replayRepository.findByAccount(this.o.db, who.accountId);
    if (!row) {
      if (who.kind === 'replay') throw unprocessable('This replay portfolio has no replay to trade in');
      return undefined;
    }
    if (row.status === 'finished') throw unprocessable(REPLAY_FINISHED_MESSAGE);
    const clock = this.clockOf(row);
    await this.sync(row, clock);
    return new ReplayOrderMarket(this.market, clock, this.blindOf(row));
  }

  /**
   * ReplayDesks, for reads of a portfolio's GTTs and alerts: an unfinished replay's catch up to its
   * clock first (so what fired shows), and a blind one's answers use its stand-ins.
   */
  async standInFor(who: AccountRef & { kind?: string }): Promise<StandIn | undefined> {
    if (who.kind !== undefined && who.kind !== 'replay') return undefined;
    const row = await replayRepository.findByAccount(this.o.db, who.accountId);
    if (!row) return undefined;
    await this.sync(row);
    return this.blindOf(row) ?? undefined;
  }

  /** GET /api/replays/:id/portfolio: the replay's portfolio at its clock (its orders caught up first). */
  async portfolio(userId: string, id: string): Promise<ReplayPortfolio> {
    const row = await this.own(userId, id);
    const clock = this.clockOf(row);
    await this.sync(row, clock);
    const owner = await this.accountOf(row);
    if (!owner || !row.portfolioId) throw notFound('This replay was made before replays had portfolios');
    const { who, account } = owner;
    const [positions, orders, fills] = await Promise.all([
      positionsRepository.forAccount(this.o.db, who.accountId),
      replayRepository.orders(this.o.db, who.accountId),
      replayRepository.fills(this.o.db, who.accountId),
    ]);
    return replayPortfolioView({
      replayId: row.id,
      portfolioId: row.portfolioId,
      market: this.market,
      clockMs: clock,
      blind: this.blindOf(row),
      account,
      positions,
      orders,
      fills,
    });
  }

  /**
   * Saytrix inside a replay (the user's own, open or finished): the replay, its market as an order
   * sees it at the clock (blind: stand-in names and calendar), after its resting orders caught up.
   */
  async desk(userId: string, id: string): Promise<{ replay: Replay; market: ReplayOrderMarket }> {
    const row = await this.own(userId, id);
    const clock = this.clockOf(row);
    await this.sync(row, clock);
    return { replay: this.view(row), market: new ReplayOrderMarket(this.market, clock, this.blindOf(row)) };
  }

  async play(userId: string, id: string): Promise<Replay> {
    const row = await this.open(userId, id);
    return this.save(userId, id, {
      status: 'playing',
      clockMs: this.clockOf(row),
      playingSince: new Date(this.nowMs()),
    });
  }

  async pause(userId: string, id: string): Promise<Replay> {
    const row = await this.open(userId, id);
    return this.save(userId, id, { status: 'paused', clockMs: this.clockOf(row), playingSince: null });
  }

  /** Moves the clock forward by market minutes (through the sessions); a playing replay keeps playing. */
  async step(userId: string, id: string, minutes: number): Promise<Replay> {
    const row = await this.open(userId, id);
    const clockMs = advanceSession(this.tradingDays(row), this.clockOf(row), minutes * 60_000);
    return this.save(userId, id, {
      clockMs,
      playingSince: row.status === 'playing' ? new Date(this.nowMs()) : null,
    });
  }

  async seek(userId: string, id: string, time: string): Promise<Replay> {
    const row = await this.open(userId, id);
    const blind = this.blindOf(row);
    const asked = blind ? blind.real(Date.parse(time)) : Date.parse(time);
    const days = this.tradingDays(row);
    const clock = this.clockOf(row);
    const shown = (ms: number) => new Date(blind ? blind.time(ms) : ms).toISOString();
    if (asked < clock) {
      const message = `A replay only moves forward: its clock is at ${shown(clock)}`;
      throw badRequest(message, { time: message });
    }
    if (asked > endOf(days)) {
      const message = `The replay ends at ${shown(endOf(days))}`;
      throw badRequest(message, { time: message });
    }
    const clockMs = snapToSession(days, asked);
    return this.save(userId, id, {
      clockMs,
      playingSince: row.status === 'playing' ? new Date(this.nowMs()) : null,
    });
  }

  /**
   * Ends the replay: its resting orders, alerts and GTTs catch up to the clock and the rest are
   * cancelled (alerts ended), every
   * open position is sold at the last price, the score is computed and kept, and the dates (and,
   * blind, the names) are revealed.
   */
  async finish(userId: string, id: string): Promise<Replay> {
    const row = await this.open(userId, id);
    const clock = this.clockOf(row);
    await this.sync(row, clock);
    // Finished first: from here no new order is accepted (marketFor refuses), and one already in
    // flight meets the closed account below. Of two finishes racing, the second is refused here.
    const finished = await replayRepository.markFinished(this.o.db, userId, id, {
      clockMs: clock,
      finishedAt: new Date(this.nowMs()),
    });
    if (!finished) throw badRequest('This replay is finished; start a new one');
    const owner = await this.accountOf(finished);
    let score: ReplayRow['score'] = null;
    if (owner) {
      // Its alerts and GTTs watch no more (what fired up to the clock fired in the sync above).
      await this.o.trading.watch.end(owner.who);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await this.o.trading.cancelAll(owner.who, clock);
        await this.o.trading.sellAll(this.market, owner.who, clock, null, `${REPLAY_CLOSING_KEY}:${attempt}`);
        if (await this.o.trading.close(owner.who)) break;
      }
      const [account, fills] = await Promise.all([
        replayRepository.account(this.o.db, finished.portfolioId!),
        replayRepository.fills(this.o.db, owner.who.accountId),
      ]);
      score = scoreReplay({
        market: this.market,
        days: this.tradingDays(finished),
        endMs: clock,
        startingCashPaise: account!.startingCashPaise,
        finalCashPaise: account!.balancePaise,
        fills,
      });
    }
    const saved = await replayRepository.update(this.o.db, userId, id, { score });
    return this.view(saved ?? finished);
  }

  /** Whether `portfolioId` is an unfinished blind replay's: the general routes do not show it. */
  sealed(portfolioId: string): Promise<boolean> {
    return replayRepository.sealed(this.o.db, portfolioId);
  }

  /** Whether `portfolioId` is a replay's that is not finished: its record is still being made. */
  unfinished(portfolioId: string): Promise<boolean> {
    return replayRepository.unfinished(this.o.db, portfolioId);
  }

  // Market reads at the replay's clock ----------------------------------------------------------

  private async reading(userId: string, replayId: string) {
    const row = await this.own(userId, replayId);
    return { clock: this.clockOf(row), blind: this.blindOf(row) };
  }

  private symbolFor(input: string, blind: BlindView | null): string {
    const isIndex = (s: string) => this.market.instruments.some((i) => i.symbol === s && i.type === 'INDEX');
    const symbol = blind ? blind.resolve(input, isIndex) : this.resolve(input);
    if (!symbol) throw notFound('Stock not found');
    return symbol;
  }

  private resolve(input: string): string | undefined {
    const upper = input
      .trim()
      .toUpperCase()
      .replace(/\.(NS|BO)$/, '');
    return this.market.instruments.find((i) => i.symbol === upper || i.bseCode === upper)?.symbol;
  }

  async quote(userId: string, replayId: string, input: string): Promise<Quote> {
    const { clock, blind } = await this.reading(userId, replayId);
    const symbol = this.symbolFor(input, blind);
    const quote = guardMarket(() => this.market.quote(symbol, clock));
    return blind ? blind.quote(quote) : quote;
  }

  async historical(userId: string, replayId: string, input: string, period: Period) {
    const { clock, blind } = await this.reading(userId, replayId);
    const symbol = this.symbolFor(input, blind);
    const h = guardMarket(() => this.market.history(symbol, period, clock));
    const halt = this.market.breaker.at(clock);
    const data = blind ? h.data.map((c) => blind.candle(c)) : h.data;
    return {
      ...h,
      symbol: blind ? blind.symbolOf(symbol) : symbol,
      data,
      latest: data.at(-1) ?? null,
      exchange: 'NSE',
      timestamp: new Date(blind ? blind.time(clock) : clock).toISOString(),
      message: halt
        ? halt.quoteHalt.message
        : h.marketOpen
          ? 'Replay · NSE hours (09:15–15:30 IST) · open'
          : 'Replay · NSE hours (09:15–15:30 IST) · closed; showing the last session',
    };
  }

  async movers(userId: string, replayId: string, type: 'gainers' | 'losers' | 'active', limit: number) {
    const { clock, blind } = await this.reading(userId, replayId);
    const quotes = this.market.movers(type, limit, clock);
    return blind ? quotes.map((q) => blind.quote(q)) : quotes;
  }

  async indices(userId: string, replayId: string) {
    const { clock, blind } = await this.reading(userId, replayId);
    const quotes = this.market.indices(clock);
    return blind ? quotes.map((q) => blind.quote(q)) : quotes;
  }

  async search(userId: string, replayId: string, query: string, limit: number): Promise<SearchResult[]> {
    const { clock, blind } = await this.reading(userId, replayId);
    if (blind)
      return blind.search(
        query,
        this.market.instruments.filter((i) => this.market.listedBy(i.symbol, clock)),
        limit,
      );
    return this.market.search(query, limit, clock);
  }
}
