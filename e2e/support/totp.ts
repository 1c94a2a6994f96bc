import * as OTPAuth from 'otpauth';

/** What an authenticator app shows for this secret, `offsetSteps` 30-second periods from now. */
export function totpCode(secretBase32: string, offsetSteps = 0): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    digits: 6,
    period: 30,
  }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}
