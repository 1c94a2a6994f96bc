CREATE TABLE "replays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_id" uuid,
	"first_day" date NOT NULL,
	"days" smallint NOT NULL,
	"blind" boolean DEFAULT false NOT NULL,
	"speed" integer NOT NULL,
	"status" text NOT NULL,
	"clock_ms" bigint NOT NULL,
	"playing_since" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replays_days_range" CHECK ("days" BETWEEN 1 AND 5),
	CONSTRAINT "replays_speed_range" CHECK ("speed" BETWEEN 1 AND 600),
	CONSTRAINT "replays_status_known" CHECK ("status" IN ('paused', 'playing', 'finished'))
);
--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "replays_user_created_idx" ON "replays" USING btree ("user_id","created_at");
