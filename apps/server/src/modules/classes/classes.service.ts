import { randomInt } from 'node:crypto';
import {
  CLASS_INVITE_CODE_LENGTH,
  dayNumberToDate,
  istDayNumber,
  paiseToRupees,
  rupeesToPaise,
  type ClassDetail,
  type ClassInfo,
  type CreateClassRequest,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import { classesRepository, type ClassRow, type MemberRow } from './classes.repository.js';

export const CLASS_NOT_FOUND = 'Class not found';
export const INVITE_NOT_FOUND = 'No class has that invite code';
/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_INVITE_CODE_LENGTH; i += 1)
    code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

/** Who is asking about a class: its teacher, a student (active or removed), or nobody (404). */
export interface Access {
  cls: ClassRow;
  role: 'teacher' | 'student';
  member: MemberRow | undefined;
}

/**
 * Classrooms (issue 26): create, list, join by invite code, rotate the code, remove a student.
 * Anyone who is neither the teacher nor a student of a class gets 404 for it.
 */
export class ClassesService {
  constructor(
    private readonly o: {
      db: Db;
      portfolios: PortfoliosService;
      log: FastifyBaseLogger;
      now: () => number;
    },
  ) {}

  today(): string {
    return dayNumberToDate(istDayNumber(this.o.now()));
  }

  /** The class as `userId` may see it; 404 for an outsider. */
  async access(userId: string, classId: string): Promise<Access> {
    const cls = await classesRepository.find(this.o.db, classId);
    if (!cls) throw notFound(CLASS_NOT_FOUND);
    if (cls.teacherId === userId) return { cls, role: 'teacher', member: undefined };
    const member = await classesRepository.member(this.o.db, classId, userId);
    if (!member) throw notFound(CLASS_NOT_FOUND);
    return { cls, role: 'student', member };
  }

  /** Teacher only: a student gets 403, an outsider 404. */
  async asTeacher(userId: string, classId: string, what: string): Promise<ClassRow> {
    const a = await this.access(userId, classId);
    if (a.role !== 'teacher') throw forbidden(`Only the class's teacher can ${what}`);
    return a.cls;
  }

  /** The teacher and the active students; a removed student (and an outsider) gets 404. */
  async asParticipant(userId: string, classId: string): Promise<Access> {
    const a = await this.access(userId, classId);
    if (a.role === 'student' && a.member?.status !== 'active') throw notFound(CLASS_NOT_FOUND);
    return a;
  }

  private async info(a: Access, activeStudents: number): Promise<ClassInfo> {
    const { cls, role, member } = a;
    return {
      id: cls.id,
      name: cls.name,
      role,
      teacherName: await classesRepository.fullName(this.o.db, cls.teacherId),
      startingCash: paiseToRupees(cls.startingCashPaise),
      startDate: cls.startDate,
      endDate: cls.endDate,
      rules: cls.rules,
      inviteCode: role === 'teacher' ? cls.inviteCode : null,
      activeStudents,
      membership: member
        ? { status: member.status, portfolioId: member.portfolioId, joinedAt: member.joinedAt.toISOString() }
        : null,
      createdAt: cls.createdAt.toISOString(),
    };
  }

  async detail(userId: string, classId: string): Promise<ClassDetail> {
    const a = await this.access(userId, classId);
    const members = await classesRepository.members(this.o.db, classId);
    const active = members.filter((m) => m.status === 'active').length;
    return {
      ...(await this.info(a, active)),
      members:
        a.role === 'teacher'
          ? members.map((m) => ({
              userId: m.userId,
              fullName: m.fullName,
              status: m.status,
              joinedAt: m.joinedAt.toISOString(),
              portfolioId: m.portfolioId,
            }))
          : [],
    };
  }

  async list(userId: string): Promise<ClassInfo[]> {
    const rows = await classesRepository.mine(this.o.db, userId);
    const counts = await classesRepository.activeCounts(
      this.o.db,
      rows.map((r) => r.id),
    );
    return Promise.all(
      rows.map(async (cls) => {
        const member =
          cls.teacherId === userId ? undefined : await classesRepository.member(this.o.db, cls.id, userId);
        const role = cls.teacherId === userId ? ('teacher' as const) : ('student' as const);
        return this.info({ cls, role, member }, counts.get(cls.id) ?? 0);
      }),
    );
  }

  async create(userId: string, body: CreateClassRequest): Promise<ClassDetail> {
    if (body.endDate < this.today()) throw unprocessable('The end date has passed: choose a later one');
    for (let attempt = 0; ; attempt += 1) {
      try {
        const cls = await classesRepository.insert(this.o.db, {
          teacherId: userId,
          name: body.name,
          startingCashPaise: rupeesToPaise(body.startingCash),
          startDate: body.startDate,
          endDate: body.endDate,
          rules: body.rules,
          inviteCode: newInviteCode(),
        });
        return this.detail(userId, cls.id);
      } catch (error) {
        // 31^8 codes: a clash is rare, and a new code is drawn.
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  /**
   * Joins the class with this code: a class portfolio with the class's cash. Joining again is
   * idempotent (the same membership); late joining is allowed until the end date.
   */
  async join(userId: string, inviteCode: string): Promise<{ detail: ClassDetail; joined: boolean }> {
    const found = await classesRepository.byInviteCode(this.o.db, inviteCode);
    if (!found) throw notFound(INVITE_NOT_FOUND);
    if (found.teacherId === userId)
      throw unprocessable('You teach this class: students join it with the code');
    const existing = await classesRepository.member(this.o.db, found.id, userId);
    if (existing) {
      if (existing.status === 'removed')
        throw forbidden('Your teacher removed you from this class; your class portfolio stays readable');
      return { detail: await this.detail(userId, found.id), joined: false };
    }
    if (this.today() > found.endDate)
      throw unprocessable(`This class ended on ${found.endDate}: it cannot be joined`);
    const joined = await this.o.db.transaction(async (tx) => {
      // The class row lock queues two joins of the same user, so only one portfolio is opened.
      const cls = await classesRepository.lock(tx, found.id);
      if (!cls) throw notFound(INVITE_NOT_FOUND);
      if (await classesRepository.member(tx, cls.id, userId)) return false;
      const { portfolioId, accountId } = await this.o.portfolios.createClass(
        tx,
        userId,
        cls.name.slice(0, 40),
        cls.startingCashPaise,
      );
      await classesRepository.insertMember(tx, { classId: cls.id, userId, portfolioId, accountId });
      return true;
    });
    return { detail: await this.detail(userId, found.id), joined };
  }

  async rotateInviteCode(userId: string, classId: string): Promise<ClassDetail> {
    await this.asTeacher(userId, classId, 'change the invite code');
    for (let attempt = 0; ; attempt += 1) {
      try {
        await classesRepository.setInviteCode(this.o.db, classId, newInviteCode());
        return this.detail(userId, classId);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  /**
   * Removes a student: they lose the standings; their class portfolio is archived read-only
   * (resting orders cancelled, the season closed with its final figures), never deleted.
   */
  async removeMember(userId: string, classId: string, studentId: string): Promise<string> {
    const cls = await this.asTeacher(userId, classId, 'remove a student');
    const member = await classesRepository.member(this.o.db, classId, studentId);
    if (!member) throw notFound('Student not found in this class');
    const name = await classesRepository.fullName(this.o.db, studentId);
    if (member.status === 'removed') return `${name} was already removed`;
    // Marked first: from here the class rules refuse their orders, so nothing new rests while
    // the portfolio is archived.
    await classesRepository.markRemoved(this.o.db, classId, studentId);
    await this.o.portfolios.archive(
      studentId,
      member.portfolioId,
      `Cancelled: removed from class "${cls.name}"`,
    );
    return `${name} was removed; their class portfolio is kept read-only`;
  }

  /** For the order ticket: 403-style refusal when a removed student trades the archived portfolio. */
  static archived(): AppError {
    return new AppError(
      403,
      'FORBIDDEN',
      'This class portfolio is archived (you were removed from the class): it is read-only',
    );
  }
}
