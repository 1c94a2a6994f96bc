CREATE TABLE "daily_rewards" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_claim_date" date NOT NULL,
	"streak" integer NOT NULL,
	"total_rewards_paise" bigint NOT NULL,
	"last_claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equity_snapshots" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"equity_paise" bigint NOT NULL,
	"cash_paise" bigint NOT NULL,
	"holdings_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equity_snapshots_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trigger_price_paise" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "validity" text DEFAULT 'DAY' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_rewards" ADD CONSTRAINT "daily_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_snapshots" ADD CONSTRAINT "equity_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_resting_idx" ON "orders" USING btree ("symbol") WHERE "orders"."status" in ('PENDING', 'OPEN');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reserved_non_negative" CHECK ("orders"."reserved_paise" >= 0 AND "orders"."reserved_quantity" >= 0);