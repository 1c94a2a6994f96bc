// Leaderboard benchmark: 10,000 players (LEADERBOARD_PLAYERS) with DAYS (LEADERBOARD_DAYS, default
// 60) stored equity days each, in a scratch PostgreSQL database, then the time to compute the whole
// ranked table of each season from the stored history (cold, the cache cleared each run; median
// and worst of RUNS). Each player's days follow a seeded random walk with an occasional reward, a
// few trades, and one reset in the middle for every tenth player. Figures, not assertions.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/database.js';
import { LeaderboardService } from '../apps/server/src/modules/leaderboard/leaderboard.service.js';
import { scratchDatabase } from '../apps/server/test/support/integrity.js';
import type { LeaderboardSeason } from '@nivesh/shared';

const PLAYERS = Number(process.env.LEADERBOARD_PLAYERS ?? 10_000);
const DAYS = Number(process.env.LEADERBOARD_DAYS ?? 60);
const RUNS = Number(process.env.LEADERBOARD_RUNS ?? 5);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const scratch = await scratchDatabase(ADMIN_URL, 'nivesh_lb');
const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
try {
  const { db } = database;
  const seeded = performance.now();
  // Users, players and their days are generated in SQL: the figures are about reading them back.
  await db.execute(sql`
    insert into users (id, email, username, full_name, bio, notification_settings, security_settings, preferences)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'bench' || i || '@example.com', 'bench' || i, 'Bench ' || i, '', '{}'::jsonb, '{}'::jsonb, '{}'::jsonb
    from generate_series(1, ${PLAYERS}) i`);
  await db.execute(sql`
    insert into leaderboard_players (user_id, display_name, display_name_key, show_holdings, joined_at, join_equity_paise)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'Player ' || i, 'player ' || i, i % 5 = 0,
      now() - make_interval(days => ${DAYS}), 1000000
    from generate_series(1, ${PLAYERS}) i`);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into leaderboard_days (user_id, day, equity_paise, flow_paise, trades, carried_flow_paise, carried_trades)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
      (now() at time zone 'Asia/Kolkata')::date - ${DAYS}::int + d,
      (1000000 * (1 + 0.002 * d * (random() - 0.45)))::bigint,
      case when random() < 0.3 then 10000 else 0 end::bigint,
      (random() * 3)::int,
      case when i % 10 = 0 and d = ${Math.floor(DAYS / 2)} then -5000 else 0 end,
      0
    from generate_series(1, ${PLAYERS}) i, generate_series(0, ${DAYS}::int) d`);
  await db.execute(sql`analyze leaderboard_days`);
  await db.execute(sql`analyze leaderboard_players`);
  const seedMs = performance.now() - seeded;

  const service = new LeaderboardService({
    db,
    // The table reads only the stored history; refreshing a player's days is not part of this figure.
    performance: undefined as never,
    portfolio: undefined as never,
    log: console as never,
    now: Date.now,
  });
  console.log(
    `Leaderboard bench: ${PLAYERS.toLocaleString('en-IN')} players × ${DAYS + 1} days on PostgreSQL (seeded in ${(seedMs / 1000).toFixed(1)} s)`,
  );
  for (const season of ['week', 'month', 'all'] as LeaderboardSeason[]) {
    const times: number[] = [];
    let ranked = 0;
    for (let run = 0; run < RUNS; run += 1) {
      (service as unknown as { tables: Map<unknown, unknown> }).tables.clear();
      const started = performance.now();
      ranked = (await service.table(season)).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const cached = performance.now();
    await service.table(season);
    const cachedMs = performance.now() - cached;
    console.log(
      `  ${season.padEnd(5)} ${ranked.toLocaleString('en-IN')} ranked: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, worst ${times[times.length - 1]!.toFixed(0)} ms (cold, ${RUNS} runs); cached ${cachedMs.toFixed(2)} ms`,
    );
  }
} finally {
  await database.close();
  await scratch.drop();
}
