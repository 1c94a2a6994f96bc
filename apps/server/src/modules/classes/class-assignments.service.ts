import {
  assignmentUnit,
  describeAssignment,
  MAX_ASSIGNMENTS_PER_CLASS,
  type AssignmentProgress,
  type ClassAssignment,
  type CreateAssignmentRequest,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import type { InstrumentCatalog } from '../market/market-provider.js';
import {
  classAssignmentsRepository,
  type AssignmentRow,
  type CompletionRow,
} from './class-assignments.repository.js';
import { classesRepository, type ClassRow, type MemberWithName } from './classes.repository.js';
import type { ClassesService } from './classes.service.js';

type Progress = Map<string, Map<string, AssignmentProgress>>;

/**
 * Class assignments (issue 26). Progress is read from each student's class portfolio (orders,
 * positions, GTTs, journal), never self-ticked; the first time an assignment is seen met (on a read,
 * or by the standings job) is recorded, and done stays done.
 */
export class ClassAssignmentsService {
  constructor(
    private readonly o: {
      db: Db;
      classes: ClassesService;
      catalog: Pick<InstrumentCatalog, 'resolve'>;
      now: () => number;
    },
  ) {}

  async create(userId: string, classId: string, body: CreateAssignmentRequest): Promise<ClassAssignment> {
    const cls = await this.o.classes.asTeacher(userId, classId, 'set assignments');
    if ((await classAssignmentsRepository.countIn(this.o.db, classId)) >= MAX_ASSIGNMENTS_PER_CLASS)
      throw unprocessable(`A class can have at most ${MAX_ASSIGNMENTS_PER_CLASS} assignments`);
    const row = await classAssignmentsRepository.insert(this.o.db, { classId, ...body });
    const [made] = await this.view(cls, 'teacher', userId, [row]);
    return made!;
  }

  async remove(userId: string, classId: string, assignmentId: string): Promise<string> {
    await this.o.classes.asTeacher(userId, classId, 'remove assignments');
    const row = await classAssignmentsRepository.delete(this.o.db, classId, assignmentId);
    if (!row) throw notFound('Assignment not found');
    return `Assignment "${describeAssignment(row.kind, row.count)}" removed`;
  }

  /** The teacher sees every active student's progress; a student their own. */
  async list(userId: string, classId: string): Promise<ClassAssignment[]> {
    const { cls, role } = await this.o.classes.asParticipant(userId, classId);
    return this.view(cls, role, userId, await classAssignmentsRepository.list(this.o.db, classId));
  }

  /** The standings job: records first completions for a class's active students. */
  async record(cls: ClassRow): Promise<void> {
    const assignments = await classAssignmentsRepository.list(this.o.db, cls.id);
    if (assignments.length === 0) return;
    await this.progress(assignments, await this.activeMembers(cls.id));
  }

  private async activeMembers(classId: string): Promise<MemberWithName[]> {
    return (await classesRepository.members(this.o.db, classId)).filter((m) => m.status === 'active');
  }

  private async view(
    cls: ClassRow,
    role: 'teacher' | 'student',
    userId: string,
    assignments: AssignmentRow[],
  ): Promise<ClassAssignment[]> {
    const active = await this.activeMembers(cls.id);
    const members = role === 'teacher' ? active : active.filter((m) => m.userId === userId);
    const progress = await this.progress(assignments, members);
    return assignments.map((a) => {
      const mine = progress.get(a.id);
      return {
        id: a.id,
        kind: a.kind,
        count: a.count,
        title: describeAssignment(a.kind, a.count),
        unit: assignmentUnit(a.kind, a.count),
        createdAt: a.createdAt.toISOString(),
        progress: role === 'student' ? (mine?.get(userId) ?? null) : null,
        students:
          role === 'teacher'
            ? members.map((m) => ({
                userId: m.userId,
                fullName: m.fullName,
                ...(mine?.get(m.userId) ?? { current: 0, target: a.count, done: false, doneAt: null }),
              }))
            : [],
      };
    });
  }

  /** Progress per assignment per student; newly met assignments are recorded as done now. */
  private async progress(assignments: AssignmentRow[], members: MemberWithName[]): Promise<Progress> {
    const out: Progress = new Map();
    if (assignments.length === 0 || members.length === 0) return out;
    const ids = members.map((m) => m.accountId);
    const kinds = new Set(assignments.map((a) => a.kind));
    const db = this.o.db;
    const none = Promise.resolve(new Map<string, number>());
    const [limits, held, gtts, reviews, completions] = await Promise.all([
      kinds.has('limit_orders') ? classAssignmentsRepository.limitOrders(db, ids) : none,
      kinds.has('sectors')
        ? classAssignmentsRepository.heldSymbols(db, ids)
        : Promise.resolve(new Map<string, string[]>()),
      kinds.has('gtt_stop_target') ? classAssignmentsRepository.ocoGtts(db, ids) : none,
      kinds.has('trade_review') ? classAssignmentsRepository.reviewedClosedTrades(db, ids) : none,
      classAssignmentsRepository.completions(
        db,
        assignments.map((a) => a.id),
      ),
    ]);
    const doneAt = new Map(completions.map((c) => [`${c.assignmentId}:${c.userId}`, c.completedAt]));
    const fresh: CompletionRow[] = [];
    const now = new Date(this.o.now());
    for (const a of assignments) {
      const byUser = new Map<string, AssignmentProgress>();
      for (const m of members) {
        const current =
          a.kind === 'limit_orders'
            ? (limits.get(m.accountId) ?? 0)
            : a.kind === 'sectors'
              ? this.sectors(held.get(m.accountId) ?? [])
              : a.kind === 'gtt_stop_target'
                ? (gtts.get(m.accountId) ?? 0)
                : (reviews.get(m.accountId) ?? 0);
        let at = doneAt.get(`${a.id}:${m.userId}`);
        if (!at && current >= a.count) {
          at = now;
          fresh.push({ assignmentId: a.id, userId: m.userId, completedAt: now });
        }
        byUser.set(m.userId, {
          // Done stays done (a sector sold later does not untick it).
          current: at ? a.count : Math.min(current, a.count),
          target: a.count,
          done: at !== undefined,
          doneAt: at ? at.toISOString() : null,
        });
      }
      out.set(a.id, byUser);
    }
    await classAssignmentsRepository.complete(db, fresh);
    return out;
  }

  /** Distinct sectors of the held symbols, from the instrument catalog (unknown sectors skipped). */
  private sectors(symbols: string[]): number {
    const found = new Set<string>();
    for (const s of symbols) {
      const sector = this.o.catalog.resolve(s)?.sector;
      if (sector) found.add(sector);
    }
    return found.size;
  }
}
