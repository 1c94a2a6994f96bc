import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PREFERENCES,
  DEFAULT_ROLE,
  DEFAULT_SECURITY_SETTINGS,
  paiseToRupees,
  type User,
} from '@nivesh/shared';
import type { UserRow } from './users.repository.js';

export function toPublicUser(row: UserRow, balancePaise: bigint): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    location: row.location,
    bio: row.bio,
    avatar: row.avatar,
    role: row.role || DEFAULT_ROLE,
    twoFactorEnabled: row.totpEnabled,
    hasPassword: row.passwordHash !== null,
    googleLinked: row.googleSub !== null,
    createdAt: row.createdAt.toISOString(),
    virtualMoney: { balance: paiseToRupees(balancePaise) },
    // Stored settings are merged over the defaults so a field added later reads its default.
    notificationSettings: { ...DEFAULT_NOTIFICATION_SETTINGS, ...row.notificationSettings },
    securitySettings: { ...DEFAULT_SECURITY_SETTINGS, ...row.securitySettings },
    preferences: { ...DEFAULT_PREFERENCES, ...row.preferences },
  };
}
