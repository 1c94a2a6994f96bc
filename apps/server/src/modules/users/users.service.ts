import type { UpdateProfileRequest, UpdateSettingsRequest, User } from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../lib/errors.js';
import { toPublicUser } from './users.mapper.js';
import { usersRepository, type UserRow, type UserUpdate } from './users.repository.js';

export class UsersService {
  constructor(private readonly db: Db) {}

  async publicUser(userId: string): Promise<User> {
    const found = await usersRepository.findWithBalance(this.db, userId);
    if (!found) throw notFound('User not found');
    return toPublicUser(found.user, found.balancePaise);
  }

  async updateProfile(user: UserRow, input: UpdateProfileRequest): Promise<User> {
    await usersRepository.update(this.db, user.id, await this.profileUpdate(user, input));
    return this.publicUser(user.id);
  }

  /** Settings objects are merged field by field, so a partial update keeps what it did not name. */
  async updateSettings(user: UserRow, input: UpdateSettingsRequest): Promise<User> {
    const update: UserUpdate = input.profileData ? await this.profileUpdate(user, input.profileData) : {};
    if (input.notificationSettings) {
      update.notificationSettings = { ...user.notificationSettings, ...input.notificationSettings };
    }
    if (input.securitySettings) update.securitySettings = { ...user.securitySettings, ...input.securitySettings };
    if (input.preferences) update.preferences = { ...user.preferences, ...input.preferences };
    await usersRepository.update(this.db, user.id, update);
    return this.publicUser(user.id);
  }

  private async profileUpdate(user: UserRow, input: UpdateProfileRequest): Promise<UserUpdate> {
    const update: UserUpdate = {};
    if (input.email !== undefined && input.email !== user.email) {
      if (await usersRepository.findByEmail(this.db, input.email)) {
        throw conflict('An account with this email already exists', {
          email: 'An account with this email already exists',
        });
      }
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
