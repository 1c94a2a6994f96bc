import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function decode(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    return body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** Waits for a message to `to` at the e2e SMTP server and returns its decoded text. */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (global setup did not run)');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort()) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string; raw: string };
      if (mail.to.split(',').includes(to)) return decode(mail.raw);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail for ${to}`);
}
