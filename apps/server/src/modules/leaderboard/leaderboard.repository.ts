import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { leaderboardDays, leaderboardPlayers } from '../../db/schema/leaderboard.js';

export type PlayerRow = typeof leaderboardPlayers.$inferSelect;

export const leaderboardRepository = {
  async player(db: DbOrTx, userId: string): Promise<PlayerRow | undefined> {
    const [row] = await db.select().from(leaderboardPlayers).where(eq(leaderboardPlayers.userId, userId));
    return row;
  },

  async insertPlayer(db: DbOrTx, row: typeof leaderboardPlayers.$inferInsert): Promise<PlayerRow> {
    const [inserted] = await db.insert(leaderboardPlayers).values(row).returning();
    return inserted!;
  },

  async updatePlayer(
    db: DbOrTx,
    userId: string,
    values: { displayName: string; displayNameKey: string; showHoldings: boolean },
  ): Promise<void> {
    await db.update(leaderboardPlayers).set(values).where(eq(leaderboardPlayers.userId, userId));
  },

  /** Leaving removes the player and their history: a later join starts afresh. */
  async deletePlayer(db: DbOrTx, userId: string): Promise<boolean> {
    await db.delete(leaderboardDays).where(eq(leaderboardDays.userId, userId));
    const gone = await db
      .delete(leaderboardPlayers)
      .where(eq(leaderboardPlayers.userId, userId))
      .returning({ userId: leaderboardPlayers.userId });
    return gone.length > 0;
  },

  /** Writes the days the trading history still holds; what a reset carried over stays. */
  async upsertDays(
    db: DbOrTx,
    userId: string,
    days: { day: string; equityPaise: bigint; flowPaise: bigint; trades: number }[],
  ): Promise<void> {
    if (days.length === 0) return;
    await db
      .insert(leaderboardDays)
      .values(days.map((d) => ({ userId, ...d })))
      .onConflictDoUpdate({
        target: [leaderboardDays.userId, leaderboardDays.day],
        set: {
          equityPaise: sql`excluded.equity_paise`,
          flowPaise: sql`excluded.flow_paise`,
          trades: sql`excluded.trades`,
        },
      });
  },

  /**
   * A reset wipes the day's trading history: what it held (rewards, trades) and the jump to the
   * opening balance move into the day's carried columns, and the day restarts at the opening balance.
   */
  async carryReset(db: DbOrTx, userId: string, day: string, openingPaise: bigint): Promise<void> {
    await db
      .update(leaderboardDays)
      .set({
        carriedFlowPaise: sql`${leaderboardDays.carriedFlowPaise} + ${leaderboardDays.flowPaise} + ${openingPaise} - ${leaderboardDays.equityPaise}`,
        carriedTrades: sql`${leaderboardDays.carriedTrades} + ${leaderboardDays.trades}`,
        flowPaise: 0n,
        trades: 0,
        equityPaise: openingPaise,
      })
      .where(and(eq(leaderboardDays.userId, userId), eq(leaderboardDays.day, day)));
  },

  async players(db: DbOrTx): Promise<PlayerRow[]> {
    return db.select().from(leaderboardPlayers);
  },

  /**
   * Every player's season score in one pass over the stored days: the same chain as
   * leaderboard.math `scoreSeason`, in SQL so 10,000 players' histories never leave the database.
   * `fromDay` is the season's first day (null: all time); the day before it only supplies the base.
   */
  async seasonScores(
    db: DbOrTx,
    fromDay: string | null,
  ): Promise<{ userId: string; twr: number; maxDrawdown: number; trades: number; daysActive: number }[]> {
    const joinDay = sql`((p.joined_at at time zone 'UTC') + interval '330 minutes')::date`;
    const result = await db.execute(sql`
      with d as (
        select ld.user_id, ld.day, ld.equity_paise::float8 as e,
          (ld.flow_paise + ld.carried_flow_paise - case when ld.day = ${joinDay} then p.join_flow_paise else 0 end)::float8 as f,
          (ld.trades + ld.carried_trades - case when ld.day = ${joinDay} then p.join_trades else 0 end) as t,
          coalesce(lag(ld.equity_paise) over (partition by ld.user_id order by ld.day), p.join_equity_paise)::float8 as prev
        from leaderboard_days ld join leaderboard_players p on p.user_id = ld.user_id
        ${fromDay === null ? sql`` : sql`where ld.day >= ${fromDay}::date - 1`}
      ), s as (
        select user_id, day, greatest(t, 0) as t,
          case when prev > 0 then ln(greatest((e - f) / prev, 1e-12)) else 0 end as lf
        from d ${fromDay === null ? sql`` : sql`where day >= ${fromDay}::date`}
      ), c as (
        select user_id, day, t, lf, sum(lf) over (partition by user_id order by day) as cum from s
      ), m as (
        select user_id, t, lf, cum, greatest(max(cum) over (partition by user_id order by day), 0) as peak from c
      )
      select user_id::text as user_id, exp(sum(lf)) - 1 as twr, max(1 - exp(cum - peak)) as mdd,
        sum(t)::int as trades, (count(*) filter (where t > 0))::int as days_active
      from m group by user_id`);
    const rows = (
      result as unknown as {
        rows: {
          user_id: string;
          twr: number | string;
          mdd: number | string;
          trades: number;
          days_active: number;
        }[];
      }
    ).rows;
    return rows.map((r) => ({
      userId: r.user_id,
      twr: Number(r.twr),
      maxDrawdown: Number(r.mdd),
      trades: Number(r.trades),
      daysActive: Number(r.days_active),
    }));
  },

  /** Trades since joining, per player: only players with at least one are ranked. */
  async tradeCounts(db: DbOrTx): Promise<Map<string, number>> {
    const rows = await db
      .select({
        userId: leaderboardDays.userId,
        n: sql<string>`sum(${leaderboardDays.trades} + ${leaderboardDays.carriedTrades})::text`,
      })
      .from(leaderboardDays)
      .groupBy(leaderboardDays.userId);
    return new Map(rows.map((r) => [r.userId, Number(r.n)]));
  },
};
