import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_PATTERN } from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { hashToken, SecretBox } from '../../lib/crypto.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
// eslint-disable-next-line import-x/no-restricted-paths -- Two-factor state lives on the user row and changes with the credential checks.
import { usersRepository, type UserRow } from '../users/users.repository.js';
import { totpRepository } from './totp.repository.js';

const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 8;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export class TwoFactorService {
  private readonly box: SecretBox;

  constructor(
    private readonly db: Db,
    appSecret: string,
  ) {
    this.box = new SecretBox(appSecret, 'totp-secret');
  }

  private totp(secretBase32: string, label: string) {
    return new OTPAuth.TOTP({
      issuer: 'Nivesh',
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
      secret: OTPAuth.Secret.fromBase32(secretBase32),
    });
  }

  /** The time step a code matches within ±1 step, or undefined. */
  private matchStep(secretBase32: string, code: string): number | undefined {
    const delta = this.totp(secretBase32, 'check').validate({ token: code, window: 1 });
    if (delta === null) return undefined;
    return Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + delta;
  }

  async beginSetup(user: UserRow): Promise<{ qrCodeUrl: string; secretKey: string }> {
    if (user.totpEnabled) throw conflict('Two-factor authentication is already enabled');
    const secret = new OTPAuth.Secret({ size: 20 });
    await usersRepository.update(this.db, user.id, { totpPendingSecretEnc: this.box.seal(secret.base32) });
    const uri = this.totp(secret.base32, user.email).toString();
    return { qrCodeUrl: await QRCode.toDataURL(uri, { margin: 1, width: 220 }), secretKey: secret.base32 };
  }

  /** Turns 2FA on when the code matches the pending secret; returns the one-time recovery codes. */
  async confirmSetup(user: UserRow, code: string): Promise<string[]> {
    if (user.totpEnabled) throw conflict('Two-factor authentication is already enabled');
    if (!user.totpPendingSecretEnc)
      throw badRequest('Start two-factor setup first', { code: 'Start two-factor setup first' });
    const secret = this.box.open(user.totpPendingSecretEnc);
    const step = this.matchStep(secret, code);
    if (step === undefined)
      throw badRequest('Invalid verification code', { code: 'Invalid verification code' });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
    await this.db.transaction(async (tx) => {
      await usersRepository.update(tx, user.id, {
        totpSecretEnc: user.totpPendingSecretEnc,
        totpPendingSecretEnc: null,
        totpEnabled: true,
        totpLastStep: step,
      });
      await totpRepository.replaceRecoveryCodes(tx, user.id, codes.map(hashToken));
    });
    return codes;
  }

  /**
   * Checks a login or confirmation code: a 6-digit TOTP code not used before, or an unused
   * recovery code (which is then spent).
   */
  async checkCode(user: UserRow, code: string): Promise<boolean> {
    if (!user.totpEnabled || !user.totpSecretEnc) return false;
    if (RECOVERY_CODE_PATTERN.test(code)) {
      return totpRepository.useRecoveryCode(this.db, user.id, hashToken(code));
    }
    const step = this.matchStep(this.box.open(user.totpSecretEnc), code);
    if (step === undefined) return false;
    return totpRepository.acceptStep(this.db, user.id, step);
  }

  async disable(user: UserRow): Promise<void> {
    if (!user.totpEnabled) throw new AppError(409, 'CONFLICT', 'Two-factor authentication is not enabled');
    await this.db.transaction(async (tx) => {
      await usersRepository.update(tx, user.id, {
        totpEnabled: false,
        totpSecretEnc: null,
        totpPendingSecretEnc: null,
        totpLastStep: null,
      });
      await totpRepository.replaceRecoveryCodes(tx, user.id, []);
    });
  }
}
