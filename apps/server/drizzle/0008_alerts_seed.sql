CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- An install that already has users keeps the market it has been trading on (the old default seed);
-- a fresh one gets a random seed at its first start.
INSERT INTO "app_settings" ("key", "value") SELECT 'market_seed', 'nivesh' WHERE EXISTS (SELECT 1 FROM "users");--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"watch" text NOT NULL,
	"condition" text NOT NULL,
	"level_hundredths" bigint NOT NULL,
	"frequency" text NOT NULL,
	"cooldown_seconds" integer NOT NULL,
	"note" text,
	"status" text NOT NULL,
	"status_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"armed_at" timestamp with time zone NOT NULL,
	"last_fired_at" timestamp with time zone,
	"fire_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alert_firings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"value_hundredths" bigint NOT NULL,
	"price_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alert_firings" ADD CONSTRAINT "price_alert_firings_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_user_created_idx" ON "price_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_active_idx" ON "price_alerts" USING btree ("symbol") WHERE "price_alerts"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "price_alert_firings_alert_fired_idx" ON "price_alert_firings" USING btree ("alert_id","fired_at");
