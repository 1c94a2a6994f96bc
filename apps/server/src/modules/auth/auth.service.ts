import {
  DEFAULT_BIO,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PREFERENCES,
  DEFAULT_SECURITY_SETTINGS,
  deriveUsername,
  EMAIL_CHANGE_CODE_REQUIRED,
  EMAIL_CHANGE_CODE_WRONG,
  EMAIL_CHANGE_NO_PASSWORD,
  EMAIL_CHANGE_PASSWORD_REQUIRED,
  EMAIL_CHANGE_PASSWORD_WRONG,
  FORGOT_PASSWORD_MESSAGE,
  splitFullName,
  type LoginRequest,
  type SignupRequest,
} from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database.js';
import { hashToken, randomToken } from '../../lib/crypto.js';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { openCashAccount } from '../ledger/ledger.service.js';
// eslint-disable-next-line import-x/no-restricted-paths -- Sign-up and login own the credential columns of the users table and write them in their own transactions.
import { usersRepository, type NewUserRow, type UserRow } from '../users/users.repository.js';
import type { EmailChangeGuard, IdentityProof } from '../users/users.service.js';
import { throttleRepository } from './auth-throttle.repository.js';
import { resetTokensRepository } from './password-reset-tokens.repository.js';
import { sessionsRepository } from './sessions.repository.js';
import { challengesRepository } from './two-factor-challenges.repository.js';
import { hashPassword, verifyPassword } from './password.js';
import type { RequestMeta, SessionsService } from './sessions.service.js';
import type { TwoFactorService } from './two-factor.service.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

const TWO_FACTOR_WINDOW_MS = 5 * 60_000;
const TWO_FACTOR_MAX_FAILURES = 5;
const RESET_TOKEN_TTL_MS = 30 * 60_000;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_ATTEMPTS = 'Too many login attempts. Please try again later.';
export const SIGNED_OUT_AFTER_GUESSES =
  'Too many incorrect answers. For your safety this session was signed out; sign in again to continue.';

export interface AuthServiceOptions {
  db: Db;
  sessions: SessionsService;
  twoFactor: TwoFactorService;
  notifications: NotificationsService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  loginMaxFailures: number;
  loginFailureWindowMs: number;
}

export type LoginOutcome =
  { kind: 'signed-in'; token: string; user: UserRow } | { kind: 'two-factor'; email: string };

export class AuthService implements EmailChangeGuard {
  constructor(private readonly o: AuthServiceOptions) {}

  /** Creates the user, the ₹10,000 cash account and the first session in one transaction. */
  async signup(input: SignupRequest, meta: RequestMeta): Promise<{ token: string; user: UserRow }> {
    const { db } = this.o;
    if (await usersRepository.findByEmail(db, input.email)) {
      throw conflict('An account with this email already exists', {
        email: 'An account with this email already exists',
      });
    }
    if (input.username && (await usersRepository.usernameTaken(db, input.username.toLowerCase()))) {
      throw conflict('This username is already taken', { username: 'This username is already taken' });
    }
    const passwordHash = await hashPassword(input.password);
    const username = input.username?.toLowerCase() ?? (await this.freeUsername(db, input.email));
    try {
      const user = await db.transaction(async (tx) => {
        const created = await usersRepository.insert(tx, this.newUser({ ...input, username, passwordHash }));
        await openCashAccount(tx, created.id);
        return created;
      });
      const { token } = await this.o.sessions.create(user.id, false, meta);
      await this.welcome(user.id);
      return { token, user };
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('An account with this email already exists', {
          email: 'An account with this email already exists',
        });
      }
      throw error;
    }
  }

  welcome(userId: string) {
    return this.o.notifications.notify(userId, {
      category: 'account',
      type: 'success',
      title: 'Welcome to Nivesh!',
      message:
        'Your account is ready with ₹10,000 of virtual money. Practise freely: no real money is involved.',
      link: '/dashboard',
    });
  }

  /**
   * Every sign-in (password, two-factor or Google) starts its session here, so a sign-in from a
   * browser the account has not used before raises one login alert.
   */
  async startSession(userId: string, rememberMe: boolean, meta: RequestMeta): Promise<string> {
    const known = await sessionsRepository.hasSeenUserAgent(this.o.db, userId, meta.userAgent.slice(0, 300));
    const { token } = await this.o.sessions.create(userId, rememberMe, meta);
    if (!known) {
      await this.o.notifications.notify(userId, {
        category: 'login',
        type: 'warning',
        title: 'New sign-in to your account',
        message: `Your account was signed in from a new browser (${meta.userAgent.slice(0, 80) || 'unknown browser'}, IP ${meta.ip}).`,
        link: '/settings?tab=security',
      });
    }
    return token;
  }

  private securityNotice(userId: string, title: string, message: string) {
    return this.o.notifications.notify(userId, {
      category: 'security',
      type: 'info',
      title,
      message,
      link: '/settings?tab=security',
    });
  }

  async enableTwoFactor(user: UserRow, code: string): Promise<string[]> {
    const codes = await this.o.twoFactor.confirmSetup(user, code);
    await this.securityNotice(
      user.id,
      'Two-factor authentication turned on',
      'Sign-ins to your account now need a code from your authenticator app.',
    );
    return codes;
  }

  newUser(input: {
    email: string;
    fullName: string;
    username: string;
    passwordHash: string | null;
    googleSub?: string;
    avatar?: string | null;
  }): NewUserRow {
    const { firstName, lastName } = splitFullName(input.fullName);
    return {
      email: input.email,
      username: input.username,
      fullName: input.fullName,
      firstName,
      lastName,
      bio: DEFAULT_BIO,
      passwordHash: input.passwordHash,
      googleSub: input.googleSub ?? null,
      avatar: input.avatar ?? null,
      notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
      securitySettings: DEFAULT_SECURITY_SETTINGS,
      preferences: DEFAULT_PREFERENCES,
    };
  }

  async freeUsername(db: DbOrTx, email: string): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const candidate = deriveUsername(email, Date.now() + attempt * 7919);
      if (!(await usersRepository.usernameTaken(db, candidate))) return candidate;
    }
    return `${deriveUsername(email)}${randomToken(3)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
  }

  /**
   * Throttled per account and per IP before any hashing is done. The attempt is counted first
   * (one statement for both keys) and only then is the password checked, so however many guesses
   * arrive together, at most `max` of them are ever checked against the account.
   */
  async login(input: LoginRequest, meta: RequestMeta): Promise<LoginOutcome> {
    const { db, loginMaxFailures: max, loginFailureWindowMs: windowMs } = this.o;
    const accountKey = `login:email:${input.email}`;
    const ipKey = `login:ip:${meta.ip}`;
    const counts = await throttleRepository.reserve(db, [accountKey, ipKey], windowMs);
    // An IP is allowed more failures than an account, since many people can share one address.
    if ((counts.get(accountKey) ?? 0) > max || (counts.get(ipKey) ?? 0) > max * 4)
      throw tooManyRequests(TOO_MANY_ATTEMPTS);

    const user = await usersRepository.findByEmail(db, input.email);
    const ok = await verifyPassword(user?.passwordHash, input.password);
    // A failure keeps its reservation; a success clears the account and gives the IP its attempt back.
    if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS);
    await Promise.all([throttleRepository.clear(db, accountKey), throttleRepository.release(db, ipKey)]);

    if (user.totpEnabled) {
      await challengesRepository.create(db, user.id, input.rememberMe ?? false, TWO_FACTOR_WINDOW_MS);
      return { kind: 'two-factor', email: user.email };
    }
    const token = await this.startSession(user.id, input.rememberMe ?? false, meta);
    return { kind: 'signed-in', token, user };
  }

  /** Completes a login only within 5 minutes of a correct password for the same email. */
  async verifyTwoFactorLogin(email: string, code: string, meta: RequestMeta) {
    const { db } = this.o;
    const expired = unauthorized('Your sign-in attempt has expired. Please sign in again.');
    const user = await usersRepository.findByEmail(db, email);
    if (!user || !user.totpEnabled) throw expired;
    const challenge = await challengesRepository.findOpen(db, user.id);
    if (!challenge) throw expired;
    if (!(await this.o.twoFactor.checkCode(user, code))) {
      const failures = await challengesRepository.recordFailure(db, challenge.id);
      if (failures >= TWO_FACTOR_MAX_FAILURES) await challengesRepository.consume(db, challenge.id);
      throw unauthorized('Invalid code');
    }
    if (!(await challengesRepository.consume(db, challenge.id))) throw expired;
    const token = await this.startSession(user.id, challenge.rememberMe, meta);
    return { token, user };
  }

  /** Same answer whether or not the account exists; the mail goes out in the background. */
  async forgotPassword(email: string): Promise<string> {
    const { db, log } = this.o;
    const user = await usersRepository.findByEmail(db, email);
    if (user) {
      const token = randomToken(32);
      await resetTokensRepository.create(db, user.id, hashToken(token), RESET_TOKEN_TTL_MS);
      const link = `${this.o.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      this.o.mailer
        .send({
          to: user.email,
          subject: 'Reset your Nivesh password',
          text: [
            `Hello ${user.fullName},`,
            '',
            'Someone asked to reset the password of your Nivesh account. To choose a new password, open this link within 30 minutes:',
            '',
            link,
            '',
            'The link works once. If you did not ask for this, ignore this mail: your password stays as it is.',
          ].join('\n'),
        })
        .catch((error: unknown) => log.error({ err: error }, 'password reset mail failed'));
    }
    return FORGOT_PASSWORD_MESSAGE;
  }

  /** Single use; sets the password and signs out every session of the account. */
  async resetPassword(token: string, password: string): Promise<UserRow> {
    const { db } = this.o;
    const passwordHash = await hashPassword(password);
    const user = await db.transaction(async (tx) => {
      const userId = await resetTokensRepository.consume(tx, hashToken(token));
      if (!userId) return undefined;
      await resetTokensRepository.invalidateForUser(tx, userId);
      return usersRepository.update(tx, userId, { passwordHash });
    });
    if (!user) {
      throw badRequest('This reset link is invalid or has expired', {
        token: 'This reset link is invalid or has expired',
      });
    }
    await this.o.sessions.revokeAll(user.id);
    await throttleRepository.clear(db, `login:email:${user.email}`);
    await this.securityNotice(
      user.id,
      'Password reset',
      'Your password was reset with an e-mailed link and every session was signed out.',
    );
    return user;
  }

  /**
   * Checks a secret (current password or 2FA code) that a signed-in caller presents. A session
   * alone must not be a way to guess the password without limit, so each check is counted against
   * the account's login throttle before it is made (one atomic statement: parallel guesses each
   * get their own count, and at most `max` of them are ever checked). The answer that reaches the
   * limit, and every one past it, signs the session out.
   */
  private async guardedCheck(user: UserRow, sessionId: string, check: () => Promise<boolean>) {
    const { db, loginMaxFailures: max, loginFailureWindowMs: windowMs } = this.o;
    const key = `login:email:${user.email}`;
    const count = (await throttleRepository.reserve(db, [key], windowMs)).get(key) ?? 0;
    if (count > max) return this.signOutAfterGuesses(sessionId);
    if (await check()) {
      await throttleRepository.release(db, key);
      return true;
    }
    if (count >= max) return this.signOutAfterGuesses(sessionId);
    return false;
  }

  private async signOutAfterGuesses(sessionId: string): Promise<never> {
    await this.o.sessions.revoke(sessionId);
    throw unauthorized(SIGNED_OUT_AFTER_GUESSES);
  }

  /** Keeps the current session and signs out every other one. */
  async changePassword(
    user: UserRow,
    currentSessionId: string,
    currentPassword: string,
    newPassword: string,
  ) {
    if (
      !(await this.guardedCheck(user, currentSessionId, () =>
        verifyPassword(user.passwordHash, currentPassword),
      ))
    ) {
      throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
    }
    await usersRepository.update(this.o.db, user.id, { passwordHash: await hashPassword(newPassword) });
    await this.o.sessions.revokeOthers(user.id, currentSessionId);
    await this.securityNotice(
      user.id,
      'Password changed',
      'Your password was changed and your other sessions were signed out.',
    );
  }

  /**
   * An e-mail change moves where password resets go, so whoever holds only a session (a borrowed
   * laptop, a stolen token) must not be able to make it: the password is checked, then the 2FA
   * code when two-factor is on.
   */
  async confirmIdentity(user: UserRow, sessionId: string, proof: IdentityProof): Promise<void> {
    if (!user.passwordHash) throw badRequest(EMAIL_CHANGE_NO_PASSWORD, { email: EMAIL_CHANGE_NO_PASSWORD });
    if (!proof.currentPassword) {
      throw badRequest(EMAIL_CHANGE_PASSWORD_REQUIRED, { currentPassword: EMAIL_CHANGE_PASSWORD_REQUIRED });
    }
    const password = proof.currentPassword;
    if (!(await this.guardedCheck(user, sessionId, () => verifyPassword(user.passwordHash, password)))) {
      throw badRequest(EMAIL_CHANGE_PASSWORD_WRONG, { currentPassword: EMAIL_CHANGE_PASSWORD_WRONG });
    }
    if (!user.totpEnabled) return;
    if (!proof.twoFactorCode)
      throw badRequest(EMAIL_CHANGE_CODE_REQUIRED, { twoFactorCode: EMAIL_CHANGE_CODE_REQUIRED });
    const code = proof.twoFactorCode;
    if (!(await this.guardedCheck(user, sessionId, () => this.o.twoFactor.checkCode(user, code)))) {
      throw badRequest(EMAIL_CHANGE_CODE_WRONG, { twoFactorCode: EMAIL_CHANGE_CODE_WRONG });
    }
  }

  /** The old address hears of the change, so a takeover cannot happen silently. */
  async emailChanged(user: UserRow, oldEmail: string, newEmail: string): Promise<void> {
    this.o.mailer
      .send({
        to: oldEmail,
        subject: 'Your Nivesh email address was changed',
        text: [
          `Hello ${user.fullName},`,
          '',
          `The email address of your Nivesh account was changed from ${oldEmail} to ${newEmail}.`,
          '',
          'If you made this change, there is nothing to do. If you did not, reset your password from the sign-in page and contact us: someone else may have access to your account.',
        ].join('\n'),
      })
      .catch((error: unknown) => this.o.log.error({ err: error }, 'email-change notice failed'));
    await throttleRepository.clear(this.o.db, `login:email:${oldEmail}`);
    await this.securityNotice(
      user.id,
      'Email address changed',
      `Your account's email address was changed from ${oldEmail} to ${newEmail}.`,
    );
  }

  /** Turning 2FA off needs a current code or the password. */
  async disableTwoFactor(
    user: UserRow,
    sessionId: string,
    proof: { code?: string | undefined; password?: string | undefined },
  ) {
    const { code } = proof;
    const ok = await this.guardedCheck(user, sessionId, () =>
      code ? this.o.twoFactor.checkCode(user, code) : verifyPassword(user.passwordHash, proof.password ?? ''),
    );
    if (!ok) {
      throw proof.code
        ? badRequest('Invalid verification code', { code: 'Invalid verification code' })
        : badRequest('Password is incorrect', { password: 'Password is incorrect' });
    }
    await this.o.twoFactor.disable(user);
    await this.securityNotice(
      user.id,
      'Two-factor authentication turned off',
      'Sign-ins to your account no longer ask for an authenticator code.',
    );
  }
}
