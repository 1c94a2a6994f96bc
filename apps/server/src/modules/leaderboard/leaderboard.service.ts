import {
  LEADERBOARD_PAGE_SIZE,
  STARTING_BALANCE_PAISE,
  dayNumberToDate,
  istDayNumber,
  round2,
  type JoinLeaderboardRequest,
  type Leaderboard,
  type LeaderboardQuery,
  type LeaderboardRow,
  type LeaderboardSeason,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { PerformanceService } from '../portfolio/performance.service.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import { leaderboardRepository, type PlayerRow } from './leaderboard.repository.js';
import { seasonBounds, type SeasonScore } from './leaderboard.math.js';

const DISPLAY_NAME_TAKEN = 'That display name is taken; please choose another';

interface Ranked {
  player: PlayerRow;
  score: SeasonScore;
}

/** Players whose days one round of the refresh job brings up to date (issue 26). */
export const LEADERBOARD_REFRESH_BATCH = 50;

/** The computed table of a season is reused this long; a join, leave or refresh clears it. */
const TABLE_TTL_MS = 15_000;

/**
 * Opt-in rankings by time-weighted return. Each player's equity history is copied per IST day
 * from the trading module's performance service into leaderboard_days, which a reset does not
 * wipe, so the score runs unbroken from joining. A player's days are brought up to date when they
 * join, open the leaderboard, or reset their account, and by the periodic refresh job in turn
 * (`refreshRound`); the table ranks what is stored.
 */
export class LeaderboardService {
  private readonly tables = new Map<LeaderboardSeason, { at: number; today: number; ranked: Ranked[] }>();
  /** Where the refresh job's next round starts in the players, by user id. */
  private cursor = 0;

  constructor(
    private readonly o: {
      db: Db;
      performance: PerformanceService;
      portfolio: PortfolioService;
      log: FastifyBaseLogger;
      now: () => number;
      /** PUBLIC_LEADERBOARD: false answers every leaderboard route with a refusal; on when unset. */
      publicListing?: boolean;
    },
  ) {}

  /** Whether this instance lists the global leaderboard (PUBLIC_LEADERBOARD). */
  get isPublic(): boolean {
    return this.o.publicListing ?? true;
  }

  private today(): number {
    return istDayNumber(this.o.now());
  }

  /** Copies the player's days since joining (or since their last reset) from the trading history. */
  async refresh(userId: string, player?: PlayerRow): Promise<void> {
    const p = player ?? (await leaderboardRepository.player(this.o.db, userId));
    if (!p) return;
    const joinDay = istDayNumber(p.joinedAt.getTime());
    // The leaderboard ranks main portfolios only (issue 25).
    const history = await this.o.performance.dailyHistory(await this.o.portfolio.main(userId));
    await leaderboardRepository.upsertDays(
      this.o.db,
      userId,
      history
        .filter((d) => d.day >= joinDay)
        .map((d) => ({
          day: dayNumberToDate(d.day),
          equityPaise: d.equityPaise,
          flowPaise: d.flowPaise,
          trades: d.trades,
        })),
    );
    this.tables.clear();
  }

  /**
   * One round of the periodic refresh (issue 26): the next `batch` players' days, in turn, so the
   * table moves without anyone visiting (a visit still refreshes the visitor at once).
   */
  async refreshRound(batch = LEADERBOARD_REFRESH_BATCH): Promise<{ at: number; refreshed: number }> {
    const players = (await leaderboardRepository.players(this.o.db)).sort((a, b) =>
      a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0,
    );
    const n = Math.min(batch, players.length);
    for (let i = 0; i < n; i += 1) {
      const player = players[(this.cursor + i) % players.length]!;
      try {
        await this.refresh(player.userId, player);
      } catch (err) {
        this.o.log.warn({ err, userId: player.userId }, 'leaderboard refresh of a player failed');
      }
    }
    this.cursor = players.length === 0 ? 0 : (this.cursor + n) % players.length;
    return { at: this.o.now(), refreshed: n };
  }

  /**
   * Called before an account reset wipes the trading history: today's day is brought up to date
   * (the equity just before the reset), then the reset is booked as outside cash, so the restart
   * at the opening balance neither helps nor hurts the score.
   */
  async beforeReset(userId: string): Promise<void> {
    const player = await leaderboardRepository.player(this.o.db, userId);
    if (!player) return;
    await this.refresh(userId, player);
    await leaderboardRepository.carryReset(
      this.o.db,
      userId,
      dayNumberToDate(this.today()),
      STARTING_BALANCE_PAISE,
    );
  }

  async join(userId: string, body: JoinLeaderboardRequest): Promise<void> {
    const displayNameKey = body.displayName.toLowerCase();
    const existing = await leaderboardRepository.player(this.o.db, userId);
    try {
      if (existing) {
        // Joining again keeps the history and the score; only the name and the holdings choice change.
        await leaderboardRepository.updatePlayer(this.o.db, userId, {
          displayName: body.displayName,
          displayNameKey,
          showHoldings: body.showHoldings,
        });
        this.tables.clear();
        return;
      }
      const today = this.today();
      const history = await this.o.performance.dailyHistory(await this.o.portfolio.main(userId));
      const now = history.find((d) => d.day === today) ?? history[history.length - 1];
      if (!now) throw notFound('Virtual money account not found');
      const player = await leaderboardRepository.insertPlayer(this.o.db, {
        userId,
        displayName: body.displayName,
        displayNameKey,
        showHoldings: body.showHoldings,
        joinedAt: new Date(this.o.now()),
        joinEquityPaise: now.equityPaise,
        joinFlowPaise: now.day === today ? now.flowPaise : 0n,
        joinTrades: now.day === today ? now.trades : 0,
        tradedBeforeJoin: history.some((d) => d.trades > 0),
      });
      await this.refresh(userId, player);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DISPLAY_NAME_TAKEN, { displayName: DISPLAY_NAME_TAKEN });
      throw error;
    }
  }

  async leave(userId: string): Promise<void> {
    if (!(await leaderboardRepository.deletePlayer(this.o.db, userId)))
      throw notFound('You have not joined the leaderboard');
    this.tables.clear();
  }

  /** Every ranked player of a season, best first: joined, and at least one trade (before or since joining). */
  async table(season: LeaderboardSeason): Promise<Ranked[]> {
    const today = this.today();
    const cached = this.tables.get(season);
    if (cached && cached.today === today && this.o.now() - cached.at < TABLE_TTL_MS) return cached.ranked;
    const { startDay } = seasonBounds(season, today);
    const [players, scores, tradeCounts] = await Promise.all([
      leaderboardRepository.players(this.o.db),
      leaderboardRepository.seasonScores(this.o.db, startDay === null ? null : dayNumberToDate(startDay)),
      leaderboardRepository.tradeCounts(this.o.db),
    ]);
    const byUser = new Map(scores.map((s) => [s.userId, s]));
    const ranked: Ranked[] = [];
    for (const player of players) {
      if (!player.tradedBeforeJoin && (tradeCounts.get(player.userId) ?? 0) - player.joinTrades < 1) continue;
      const score = byUser.get(player.userId);
      ranked.push({ player, score: score ?? { twr: 0, maxDrawdown: 0, trades: 0, daysActive: 0 } });
    }
    // Ties go to the smaller drawdown, then to whoever joined first.
    ranked.sort(
      (a, b) =>
        b.score.twr - a.score.twr ||
        a.score.maxDrawdown - b.score.maxDrawdown ||
        a.player.joinedAt.getTime() - b.player.joinedAt.getTime(),
    );
    this.tables.set(season, { at: this.o.now(), today, ranked });
    return ranked;
  }

  async leaderboard(userId: string, query: LeaderboardQuery): Promise<Leaderboard> {
    const me = await leaderboardRepository.player(this.o.db, userId);
    if (me) await this.refresh(userId, me);
    const ranked = await this.table(query.season);
    const { startDay, endDay } = seasonBounds(query.season, this.today());
    const totalPages = Math.max(1, Math.ceil(ranked.length / LEADERBOARD_PAGE_SIZE));
    const page = Math.min(query.page, totalPages);
    const slice = ranked.slice((page - 1) * LEADERBOARD_PAGE_SIZE, page * LEADERBOARD_PAGE_SIZE);
    const rows = await Promise.all(
      slice.map((r, i) => this.row(r, (page - 1) * LEADERBOARD_PAGE_SIZE + i + 1, userId)),
    );
    const myIndex = ranked.findIndex((r) => r.player.userId === userId);
    return {
      season: query.season,
      startDate: startDay === null ? null : dayNumberToDate(startDay),
      endDate: endDay === null ? null : dayNumberToDate(endDay),
      rows,
      page,
      totalPages,
      totalPlayers: ranked.length,
      you: {
        joined: !!me,
        displayName: me?.displayName ?? null,
        showHoldings: me?.showHoldings ?? false,
        joinedAt: me?.joinedAt.toISOString() ?? null,
        row: myIndex < 0 ? null : await this.row(ranked[myIndex]!, myIndex + 1, userId),
      },
    };
  }

  private async row({ player, score }: Ranked, rank: number, viewerId: string): Promise<LeaderboardRow> {
    // Holdings are the player's own business unless they chose to show them.
    const holdings = player.showHoldings
      ? (await this.o.portfolio.holdings(await this.o.portfolio.main(player.userId))).map((h) => ({
          symbol: h.symbol,
          quantity: h.quantity,
        }))
      : null;
    return {
      rank,
      displayName: player.displayName,
      returnPercent: round2(score.twr * 100),
      maxDrawdownPercent: round2(score.maxDrawdown * 100),
      trades: score.trades,
      daysActive: score.daysActive,
      holdings,
      isYou: player.userId === viewerId,
    };
  }
}
