import {
  CLASS_SCORE_DRAWDOWN_FLOOR,
  dateToDayNumber,
  dayNumberToDate,
  istDayNumber,
  round2,
  type ClassLeaderboard,
  type ClassStanding,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { timeWeightedReturn } from '../leaderboard/leaderboard.math.js';
import type { MarketService } from '../market/market.service.js';
import type { PerformanceService } from '../portfolio/performance.service.js';
import type { ClassAssignmentsService } from './class-assignments.service.js';
import { classAssignmentsRepository } from './class-assignments.repository.js';
import type { ClassDepositsService } from './class-deposits.service.js';
import { classHistories } from './class-standings.history.js';
import type { ClassGuard } from './class-guard.js';
import { classesRepository, type ClassRow, type StandingRow } from './classes.repository.js';
import type { ClassesService } from './classes.service.js';

/** Standings stay fresh this many days after a class ends (late fills, the final figures). */
const AFTER_END_DAYS = 7;

/** Return over drawdown, the drawdown floored so a flat, untested portfolio does not top the table. */
export function riskAdjusted(twr: number, maxDrawdown: number): number {
  return twr / Math.max(maxDrawdown, CLASS_SCORE_DRAWDOWN_FLOOR);
}

const csvCell = (v: string | number) => {
  const s = String(v);
  // Quotes, commas and newlines are quoted; a leading = + - @ is defused for spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * Class standings (issue 26): time-weighted return, max drawdown, a risk-adjusted score, trades and
 * notes per student, computed by a periodic leased job (`refresh`), never on a visit; the class
 * leaderboard and the teacher's CSV report read what it stored.
 */
export class ClassStandingsService {
  constructor(
    private readonly o: {
      db: Db;
      classes: ClassesService;
      performance: PerformanceService;
      market: MarketService;
      guard: ClassGuard;
      /** Weekly deposits and assignment completions, paid and recorded in the same round. */
      deposits?: ClassDepositsService;
      assignments?: ClassAssignmentsService;
      log: FastifyBaseLogger;
      now: () => number;
    },
  ) {}

  /** One round: every running class's active students, and the pending trade notes. */
  async refresh(): Promise<{ at: number; classes: number; students: number }> {
    const at = this.o.now();
    const today = istDayNumber(at);
    await this.o.guard.journalPendingNotes();
    const running = await classesRepository.running(
      this.o.db,
      dayNumberToDate(today),
      dayNumberToDate(today - AFTER_END_DAYS),
    );
    let students = 0;
    for (const cls of running) {
      await this.o.deposits?.payClass(cls);
      await this.o.assignments?.record(cls);
      students += await this.refreshClass(cls, at);
    }
    return { at, classes: running.length, students };
  }

  /** Recomputes one class's standings now; the number of students scored. */
  async refreshClass(cls: ClassRow, at = this.o.now()): Promise<number> {
    const members = (await classesRepository.members(this.o.db, cls.id)).filter((m) => m.status === 'active');
    const endDay = dateToDayNumber(cls.endDate);
    const [activity, histories] = await Promise.all([
      classesRepository.activity(
        this.o.db,
        members.map((m) => m.accountId),
      ),
      classHistories(this.o, members, at),
    ]);
    const rows = members.map((m) => {
      const history = histories.get(m.accountId) ?? [];
      const score = timeWeightedReturn(
        cls.startingCashPaise,
        history.filter((d) => d.day <= endDay),
      );
      const a = activity.get(m.accountId) ?? { trades: 0, notes: 0 };
      return {
        classId: cls.id,
        userId: m.userId,
        twr: score.twr,
        maxDrawdown: score.maxDrawdown,
        score: riskAdjusted(score.twr, score.maxDrawdown),
        trades: a.trades,
        notes: a.notes,
        refreshedAt: new Date(at),
      };
    });
    await classesRepository.upsertStandings(this.o.db, rows);
    return rows.length;
  }

  /** The ranked active students, best risk-adjusted score first (ties: return, then name). */
  private async ranked(
    cls: ClassRow,
    viewerId: string,
  ): Promise<{ rows: ClassStanding[]; refreshedAt: Date | null }> {
    const [members, stored, done] = await Promise.all([
      classesRepository.members(this.o.db, cls.id),
      classesRepository.standings(this.o.db, cls.id),
      classAssignmentsRepository.doneCounts(this.o.db, cls.id),
    ]);
    const byUser = new Map<string, StandingRow>(stored.map((s) => [s.userId, s]));
    let refreshedAt: Date | null = null;
    const rows = members
      .filter((m) => m.status === 'active')
      .map((m) => {
        const s = byUser.get(m.userId);
        if (s && (!refreshedAt || s.refreshedAt > refreshedAt)) refreshedAt = s.refreshedAt;
        return {
          rank: 0,
          userId: m.userId,
          fullName: m.fullName,
          twrPercent: round2((s?.twr ?? 0) * 100),
          maxDrawdownPercent: round2((s?.maxDrawdown ?? 0) * 100),
          riskAdjustedScore: round2(s?.score ?? 0),
          trades: s?.trades ?? 0,
          notes: s?.notes ?? 0,
          assignmentsDone: done.get(m.userId) ?? 0,
          you: m.userId === viewerId,
        };
      })
      .sort(
        (a, b) =>
          b.riskAdjustedScore - a.riskAdjustedScore ||
          b.twrPercent - a.twrPercent ||
          a.fullName.localeCompare(b.fullName),
      )
      .map((r, i) => ({ ...r, rank: i + 1 }));
    return { rows, refreshedAt };
  }

  async leaderboard(userId: string, classId: string): Promise<ClassLeaderboard> {
    const { cls } = await this.o.classes.asParticipant(userId, classId);
    const { rows, refreshedAt } = await this.ranked(cls, userId);
    return { rows, refreshedAt: refreshedAt ? (refreshedAt as Date).toISOString() : null };
  }

  /** The teacher's CSV: a row per student (removed ones too, marked), with their rule refusals. */
  async reportCsv(userId: string, classId: string): Promise<{ name: string; csv: string }> {
    const cls = await this.o.classes.asTeacher(userId, classId, 'download the class report');
    const [{ rows }, members, refusals] = await Promise.all([
      this.ranked(cls, userId),
      classesRepository.members(this.o.db, classId),
      classesRepository.refusalCounts(this.o.db, classId),
    ]);
    const ranked = new Map(rows.map((r) => [r.userId, r]));
    const header = [
      'rank',
      'student',
      'status',
      'joined',
      'return_pct',
      'max_drawdown_pct',
      'risk_adjusted_score',
      'trades',
      'notes',
      'rule_refusals',
      'assignments_done',
    ];
    const lines = [header.join(',')];
    const ordered = [...members].sort(
      (a, b) => (ranked.get(a.userId)?.rank ?? 1e9) - (ranked.get(b.userId)?.rank ?? 1e9),
    );
    for (const m of ordered) {
      const r = ranked.get(m.userId);
      lines.push(
        [
          r?.rank ?? '',
          m.fullName,
          m.status,
          m.joinedAt.toISOString().slice(0, 10),
          r?.twrPercent ?? '',
          r?.maxDrawdownPercent ?? '',
          r?.riskAdjustedScore ?? '',
          r?.trades ?? '',
          r?.notes ?? '',
          refusals.get(m.userId) ?? 0,
          r?.assignmentsDone ?? '',
        ]
          .map(csvCell)
          .join(','),
      );
    }
    return { name: cls.name, csv: `${lines.join('\n')}\n` };
  }
}
