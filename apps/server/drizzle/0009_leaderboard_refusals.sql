ALTER TABLE "orders" ADD COLUMN "refusal" jsonb;--> statement-breakpoint
CREATE TABLE "leaderboard_players" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"display_name_key" text NOT NULL,
	"show_holdings" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"join_equity_paise" bigint NOT NULL,
	"join_flow_paise" bigint DEFAULT 0 NOT NULL,
	"join_trades" integer DEFAULT 0 NOT NULL,
	"traded_before_join" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"equity_paise" bigint NOT NULL,
	"flow_paise" bigint DEFAULT 0 NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"carried_flow_paise" bigint DEFAULT 0 NOT NULL,
	"carried_trades" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_players" ADD CONSTRAINT "leaderboard_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_days" ADD CONSTRAINT "leaderboard_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_players_name_key" ON "leaderboard_players" USING btree ("display_name_key");--> statement-breakpoint
CREATE INDEX "leaderboard_days_day_idx" ON "leaderboard_days" USING btree ("day");
