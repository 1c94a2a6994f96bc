import {
  paiseToRupees,
  type ClassMember,
  type ClassStudent,
  type ClassStudentHoldings,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { GttService } from '../gtt/gtt.service.js';
import type { InsightsService } from '../insights/insights.service.js';
import type { FillsService } from '../portfolio/fills.service.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import { processRubric } from './class-rubric.js';
import { classStudentsRepository } from './class-students.repository.js';
import { classesRepository, type MemberWithName } from './classes.repository.js';
import { CLASS_NOT_FOUND, type ClassesService } from './classes.service.js';

export const STUDENT_NOT_FOUND = 'Student not found in this class';
export const TEACHER_ONLY_VIEW = "Only the class's teacher can see a classmate's habits, trades and notes";
export const HOLDINGS_PRIVATE =
  "This class keeps holdings private: only the teacher sees a classmate's holdings";

const asMember = (m: MemberWithName): ClassMember => ({
  userId: m.userId,
  fullName: m.fullName,
  status: m.status,
  joinedAt: m.joinedAt.toISOString(),
  portfolioId: m.portfolioId,
});

/**
 * The teacher's view of one student (issue 26 §Teacher view) and holdings visibility: the teacher
 * sees every student (a removed one's archived portfolio too); a student sees their own; a
 * classmate sees holdings only when the class's `showHoldingsToClassmates` rule allows. Outsiders 404.
 */
export class ClassStudentsService {
  constructor(
    private readonly o: {
      db: Db;
      classes: ClassesService;
      insights: InsightsService;
      portfolio: PortfolioService;
      fills: FillsService;
      gtt: GttService;
    },
  ) {}

  private async memberOf(classId: string, studentId: string): Promise<MemberWithName> {
    const member = (await classesRepository.members(this.o.db, classId)).find((m) => m.userId === studentId);
    if (!member) throw notFound(STUDENT_NOT_FOUND);
    return member;
  }

  async student(viewerId: string, classId: string, studentId: string): Promise<ClassStudent> {
    const { cls, role } = await this.o.classes.access(viewerId, classId);
    if (role === 'student' && viewerId !== studentId) throw forbidden(TEACHER_ONLY_VIEW);
    const m = await this.memberOf(classId, studentId);
    const who = { userId: m.userId, accountId: m.accountId };
    const [habits, summary, fills, notes, gtts, refusals] = await Promise.all([
      this.o.insights.habitsOf({ ...who, startingCashPaise: cls.startingCashPaise }),
      this.o.portfolio.summary(who),
      this.o.fills.history(m.accountId),
      classStudentsRepository.notesByFill(this.o.db, m.accountId),
      this.o.gtt.list(who, { status: 'ACTIVE', limit: 200 }),
      classStudentsRepository.refusals(this.o.db, classId, studentId),
    ]);
    const trades = fills
      .map((f) => {
        const entry = notes.get(f.id);
        return {
          id: f.id,
          orderId: f.orderId,
          ticker: f.symbol,
          type: f.side,
          quantity: f.quantity,
          price: paiseToRupees(f.pricePaise),
          fees: paiseToRupees(f.feesPaise),
          realizedPnl: f.side === 'SELL' ? paiseToRupees(f.realizedPnlPaise) : null,
          executedAt: f.createdAt.toISOString(),
          note: entry?.note.trim() ? entry.note : null,
          review: entry?.review.trim() ? entry.review : null,
        };
      })
      .reverse();
    const holdings = summary.positions;
    const gttSymbols = new Set(gtts.data.map((g) => g.symbol));
    return {
      student: asMember(m),
      startingCash: paiseToRupees(cls.startingCashPaise),
      habits,
      holdings,
      trades,
      ruleRefusals: refusals,
      rubric: processRubric({
        trades: trades.length,
        tradesWithNote: trades.filter((t) => t.note !== null).length,
        holdings,
        protectedSymbols: new Set(holdings.map((h) => h.symbol).filter((s) => gttSymbols.has(s))).size,
        portfolioValue: summary.totalValue,
        maxPositionPercent: cls.rules.maxPositionPercent,
        refusals,
      }),
    };
  }

  async holdings(viewerId: string, classId: string, studentId: string): Promise<ClassStudentHoldings> {
    const { cls, role, member } = await this.o.classes.access(viewerId, classId);
    const classmate = role === 'student' && viewerId !== studentId;
    if (classmate) {
      // A removed student is outside the class for their classmates' records.
      if (member?.status !== 'active') throw notFound(CLASS_NOT_FOUND);
      if (!cls.rules.showHoldingsToClassmates) throw forbidden(HOLDINGS_PRIVATE);
    }
    const m = await this.memberOf(classId, studentId);
    if (classmate && m.status !== 'active') throw notFound(STUDENT_NOT_FOUND);
    const holdings = await this.o.portfolio.holdings({ userId: m.userId, accountId: m.accountId });
    return { student: { userId: m.userId, fullName: m.fullName, status: m.status }, holdings };
  }
}
