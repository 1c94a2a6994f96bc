import * as OTPAuth from 'otpauth';

/** The code an authenticator app would show for this secret, `offsetSteps` periods from now. */
export function totpCode(secretBase32: string, offsetSteps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secretBase32), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}
