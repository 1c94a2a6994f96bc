import type { UpdateProfileRequest, UpdateSettingsRequest, User } from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import { toPublicUser } from './users.mapper.js';
import { usersRepository, type UserRow, type UserUpdate } from './users.repository.js';

/** Proof of identity for an e-mail change, as the request carries it. */
export interface IdentityProof {
  currentPassword?: string | undefined;
  twoFactorCode?: string | undefined;
}

/** What an e-mail change needs from the auth module, handed in by the composition root. */
export interface EmailChangeGuard {
  /**
   * Throws a 400 with a field message unless the proof holds for this user; wrong answers count
   * against the account and enough of them sign out the session that gave them.
   */
  confirmIdentity(user: UserRow, sessionId: string, proof: IdentityProof): Promise<void>;
  /** Tells the old address and raises a security notification. */
  emailChanged(user: UserRow, oldEmail: string, newEmail: string): Promise<void>;
}

const EMAIL_TAKEN = 'An account with this email already exists';

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly emailGuard: EmailChangeGuard,
  ) {}

  async publicUser(userId: string): Promise<User> {
    const found = await usersRepository.findWithBalance(this.db, userId);
    if (!found) throw notFound('User not found');
    return toPublicUser(found.user, found.balancePaise);
  }

  async updateProfile(user: UserRow, sessionId: string, input: UpdateProfileRequest): Promise<User> {
    await this.save(user, await this.profileUpdate(user, sessionId, input));
    return this.publicUser(user.id);
  }

  /** Two accounts racing to one new address both pass the lookup; the unique index decides. */
  private async save(user: UserRow, update: UserUpdate) {
    try {
      await usersRepository.update(this.db, user.id, update);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      throw error;
    }
    if (update.email !== undefined) await this.emailGuard.emailChanged(user, user.email, update.email);
  }

  /** Settings objects are merged field by field, so a partial update keeps what it did not name. */
  async updateSettings(user: UserRow, sessionId: string, input: UpdateSettingsRequest): Promise<User> {
    const update: UserUpdate = input.profileData
      ? await this.profileUpdate(user, sessionId, input.profileData)
      : {};
    if (input.notificationSettings) {
      update.notificationSettings = { ...user.notificationSettings, ...input.notificationSettings };
    }
    if (input.securitySettings)
      update.securitySettings = { ...user.securitySettings, ...input.securitySettings };
    if (input.preferences) update.preferences = { ...user.preferences, ...input.preferences };
    await this.save(user, update);
    return this.publicUser(user.id);
  }

  private async profileUpdate(
    user: UserRow,
    sessionId: string,
    input: UpdateProfileRequest,
  ): Promise<UserUpdate> {
    const update: UserUpdate = {};
    if (input.email !== undefined && input.email !== user.email) {
      await this.emailGuard.confirmIdentity(user, sessionId, input);
      if (await usersRepository.findByEmail(this.db, input.email))
        throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      update.email = input.email;
    }
    for (const key of ['firstName', 'lastName', 'phoneNumber', 'location', 'bio'] as const) {
      if (input[key] !== undefined) update[key] = input[key];
    }
    if (input.fullName !== undefined) {
      update.fullName = input.fullName;
    } else if (input.firstName !== undefined || input.lastName !== undefined) {
      const first = input.firstName ?? user.firstName;
      const last = input.lastName ?? user.lastName;
      const joined = `${first} ${last}`.trim();
      if (joined.length >= 2) update.fullName = joined;
    }
    return update;
  }
}
