import type { SessionInfo } from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import { hashToken, randomToken } from '../../lib/crypto.js';
import { retryOnLostConnection } from '../../lib/db-errors.js';
import { notFound } from '../../lib/errors.js';
// eslint-disable-next-line import-x/no-restricted-paths -- type only: the session check returns the user row it joined.
import type { UserRow } from '../users/users.repository.js';
import { sessionsRepository, type SessionRow } from './sessions.repository.js';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export interface AuthContext {
  user: UserRow;
  session: SessionRow;
}

const DAY_MS = 86_400_000;
export const REMEMBER_ME_TTL_MS = 30 * DAY_MS;
/** Without "remember me" a session also ends after this long, however active it is. */
export const SESSION_MAX_TTL_MS = DAY_MS;
/** lastSeenAt is written at most this often, to keep reads from turning into writes. */
const TOUCH_INTERVAL_MS = 30_000;

export class SessionsService {
  constructor(
    private readonly db: Db,
    /** Told about every session that ends, so its live sockets are dropped at once. */
    private readonly live: Pick<RealtimePublisher, 'disconnectSessions'>,
  ) {}

  async create(
    userId: string,
    rememberMe: boolean,
    meta: RequestMeta,
  ): Promise<{ token: string; session: SessionRow }> {
    const token = randomToken(32);
    const session = await sessionsRepository.insert(this.db, {
      userId,
      tokenHash: hashToken(token),
      rememberMe,
      userAgent: meta.userAgent.slice(0, 300),
      ip: meta.ip,
      expiresAt: new Date(Date.now() + (rememberMe ? REMEMBER_ME_TTL_MS : SESSION_MAX_TTL_MS)),
    });
    return { token, session };
  }

  /**
   * When a session stops being valid if nothing else happens: its expiry, or for a session
   * without "remember me" the idle deadline, whichever comes first.
   */
  deadline(session: SessionRow, securitySettings: { sessionTimeout?: string }): number {
    const expires = session.expiresAt.getTime();
    if (session.rememberMe) return expires;
    const idleMs = Number(securitySettings.sessionTimeout ?? '30') * 60_000;
    return Math.min(expires, session.lastSeenAt.getTime() + idleMs);
  }

  /**
   * Current deadlines of the given sessions (requests since may have moved the idle one); a
   * session that is gone, revoked, expired or idle past its deadline is absent, and an idle one is
   * revoked here as `authenticate` would.
   */
  async liveDeadlines(sessionIds: string[]): Promise<Map<string, number>> {
    const rows = await sessionsRepository.findLive(this.db, sessionIds);
    const now = Date.now();
    const live = new Map<string, number>();
    for (const row of rows) {
      const deadline = this.deadline(row.session, row.securitySettings);
      if (deadline > now) live.set(row.session.id, deadline);
      else await sessionsRepository.revoke(this.db, row.session.id);
    }
    return live;
  }

  /** Resolves a bearer token to its user, enforcing revocation, expiry and the idle timeout. */
  async authenticate(token: string): Promise<AuthContext | undefined> {
    if (token.length < 20 || token.length > 100) return undefined;
    const tokenHash = hashToken(token);
    // Every authenticated request starts here; a pooled connection killed under it (a database
    // restart, failover, pg_terminate_backend) is retried once on a fresh one, not answered 500.
    const row = await retryOnLostConnection(() =>
      sessionsRepository.findActiveByTokenHash(this.db, tokenHash),
    );
    if (!row) return undefined;
    const idleMs = Number(row.user.securitySettings.sessionTimeout ?? '30') * 60_000;
    const idleFor = Date.now() - row.session.lastSeenAt.getTime();
    if (!row.session.rememberMe && idleFor > idleMs) {
      await this.revoke(row.session.id);
      return undefined;
    }
    if (idleFor > TOUCH_INTERVAL_MS) {
      // Setting lastSeenAt to now() again is harmless, so this write may be repeated too.
      await retryOnLostConnection(() => sessionsRepository.touch(this.db, row.session.id));
    }
    return row;
  }

  async rotate(current: SessionRow, meta: RequestMeta) {
    const next = await this.create(current.userId, current.rememberMe, meta);
    await this.revoke(current.id);
    return next;
  }

  async revoke(sessionId: string) {
    await sessionsRepository.revoke(this.db, sessionId);
    this.live.disconnectSessions([sessionId]);
  }

  async list(userId: string, currentId: string): Promise<SessionInfo[]> {
    const rows = await sessionsRepository.listActive(this.db, userId);
    return rows.map((s) => ({
      id: s.id,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      rememberMe: s.rememberMe,
      current: s.id === currentId,
    }));
  }

  async revokeOwn(userId: string, sessionId: string): Promise<void> {
    const revoked = await sessionsRepository.revokeForUser(this.db, userId, sessionId);
    if (!revoked) throw notFound('Session not found');
    this.live.disconnectSessions([sessionId]);
  }

  async revokeOthers(userId: string, currentId: string): Promise<number> {
    const ids = await sessionsRepository.revokeAllForUser(this.db, userId, currentId);
    this.live.disconnectSessions(ids);
    return ids.length;
  }

  async revokeAll(userId: string): Promise<number> {
    const ids = await sessionsRepository.revokeAllForUser(this.db, userId);
    this.live.disconnectSessions(ids);
    return ids.length;
  }
}
