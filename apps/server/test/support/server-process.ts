import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
export const repoRoot = path.resolve(serverRoot, '../..');
export const builtServer = path.join(serverRoot, 'dist/server.js');
const sourceServer = path.join(serverRoot, 'src/server.ts');

/** A port nobody listens on right now (the kernel picks it; the server binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  /** The last part of what the server printed, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, open transactions die with their connections. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

/**
 * Runs `apps/server` as its own process, as production does: the built bundle when `entry` is
 * 'dist' (it must exist), else the TypeScript source through tsx. Resolves once /api/health
 * answers 200.
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  entry?: 'dist' | 'source';
  port?: number;
  /** Extra node flags, e.g. --cpu-prof to profile the server. */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const entry = options.entry ?? 'source';
  if (entry === 'dist' && !existsSync(builtServer))
    throw new Error(`${builtServer} is missing: run npm run build -w @nivesh/server`);
  const port = options.port ?? (await freePort());
  const args = [
    ...(options.nodeArgs ?? []),
    ...(entry === 'dist' ? [builtServer] : ['--import', 'tsx', sourceServer]),
  ];
  const proc = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    proc,
    output: () => output,
    kill9: async () => {
      proc.kill('SIGKILL');
      await exited(proc);
    },
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited(proc);
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`server exited before it was healthy:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`server not healthy after 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
