import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { E2E_MARKET_SEED, E2E_MARKET_SESSION } from './market-foresight.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The identity the local OpenID provider signs in as, for the Google sign-in test. */
export const GOOGLE_IDENTITY = {
  sub: 'e2e-google-sub',
  email: 'kavya.google@example.com',
  name: 'Kavya Nair',
};

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

/**
 * Starts a real SMTP server (messages land as files the tests read), a local OpenID provider,
 * and the built Nivesh server on an embedded database in a fresh folder.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const port = new URL(baseURL).port;
  const work = mkdtempSync(path.join(tmpdir(), 'nivesh-e2e-'));
  const mailDir = path.join(work, 'inbox');
  mkdirSync(mailDir, { recursive: true });

  let seq = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        seq += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(
          path.join(mailDir, `${Date.now()}-${seq}.json`),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { email_verified: true, ...GOOGLE_IDENTITY });
  });

  const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      GOOGLE_CLIENT_ID: 'nivesh-e2e',
      GOOGLE_CLIENT_SECRET: 'nivesh-e2e-secret',
      OIDC_ISSUER: oidc.issuer.url!,
      LOG_LEVEL: 'warn',
      MARKET_SEED: E2E_MARKET_SEED,
      MARKET_SESSION: E2E_MARKET_SESSION,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_MAX_FAILURES: '20',
      // The agent sandbox (/mcp, /api/agent, the /agent screen) is off unless set; agent.spec.ts drives it.
      AGENT_MCP_ENABLED: 'true',
    },
  });
  await waitForHealth(`${baseURL}/api/health`, server);
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await oidc.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(work, { recursive: true, force: true });
  };
}
