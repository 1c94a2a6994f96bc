-- A replay trades in its own portfolio (kind 'replay'): the portfolio is a real foreign key now,
-- `matched_to_ms` is the replay time up to which its resting orders have been matched, and `score`
-- is what `finish` computed (kept so a finished replay reads the same every time).
ALTER TABLE "replays" ADD COLUMN "matched_to_ms" bigint;
--> statement-breakpoint
ALTER TABLE "replays" ADD COLUMN "score" jsonb;
--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "replays_portfolio_idx" ON "replays" USING btree ("portfolio_id");
