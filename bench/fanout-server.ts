// Child process for the fan-out benchmark: the real Nivesh app (socket.io + auth at the
// handshake) on a throw-away embedded database, with N users and sessions inserted directly
// (hashing 2,000 passwords would measure argon2, not fan-out). Driven over IPC by fanout.ts.
// FANOUT_SNAPSHOTS=<dir> writes a heap snapshot at both heap readings (diff the two in DevTools to see
// what a connection holds).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { benchNotification, heapSettle } from './fanout-payload.js';

const count = Number(process.env.FANOUT_USERS ?? 2000);
const dir = mkdtempSync(path.join(tmpdir(), 'nivesh-fanout-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0' });
const database = await openDatabase({ dataDir: dir });

const users: { id: string; token: string }[] = [];
for (let i = 0; i < count; i++) users.push({ id: '', token: randomBytes(32).toString('base64url') });
const rows = (await database.db.execute(sql`
  insert into users (email, username, full_name, bio, notification_settings, security_settings, preferences)
  select 'fan' || g || '@bench.local', 'fan' || g, 'Fan ' || g, '', '{}'::jsonb, '{"loginAlerts":true,"sessionTimeout":"1440"}'::jsonb, '{}'::jsonb
  from generate_series(1, ${count}) g returning id`)) as unknown as { rows: { id: string }[] };
rows.rows.forEach((r, i) => (users[i]!.id = r.id));
for (let i = 0; i < count; i += 500) {
  const chunk = users.slice(i, i + 500);
  await database.db.execute(
    sql`insert into sessions (user_id, token_hash, expires_at, remember_me) values ${sql.join(
      chunk.map(
        (u) =>
          sql`(${u.id}, ${createHash('sha256').update(u.token).digest('hex')}, now() + interval '1 day', true)`,
      ),
      sql`, `,
    )}`,
  );
}

const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
// The app builds the market's synthetic pasts and imports the news archive in the background
// after listen; both finish here (movers needs every past, news waits for its import) so the
// heap measured before and after the clients connect differs by the connections alone.
for (const url of ['/api/stocks/movers', '/api/news']) {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${users[0]!.token}` },
  });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
}

process.on('message', async (msg: { cmd: string; rounds?: number; gc?: boolean }) => {
  if (msg.cmd === 'stats') {
    if (msg.gc) heapSettle();
    if (msg.gc && process.env.FANOUT_SNAPSHOTS)
      (await import('node:v8')).writeHeapSnapshot(
        path.join(process.env.FANOUT_SNAPSHOTS, `${Date.now()}.heapsnapshot`),
      );
    process.send!({
      cmd: 'stats',
      heapUsed: process.memoryUsage().heapUsed,
      rss: process.memoryUsage().rss,
      cpu: process.cpuUsage(),
    });
  } else if (msg.cmd === 'per-user') {
    for (let r = 0; r < (msg.rounds ?? 1); r++) {
      for (const u of users) app.realtime.toUser(u.id, 'notification', benchNotification(r));
      await new Promise((res) => setImmediate(res));
    }
    process.send!({ cmd: 'sent' });
  } else if (msg.cmd === 'broadcast') {
    for (let r = 0; r < (msg.rounds ?? 1); r++) {
      (app.realtime.io.emit as (e: string, p: unknown) => void)('notification', benchNotification(r));
      await new Promise((res) => setImmediate(res));
    }
    process.send!({ cmd: 'sent' });
  } else if (msg.cmd === 'stop') {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send!({ cmd: 'ready', address, tokens: users.map((u) => u.token) });
