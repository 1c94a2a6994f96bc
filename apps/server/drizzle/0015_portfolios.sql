-- Named portfolios (issue 25 §1). Each portfolio season is its own money account: a cash_accounts
-- row with its own id, and every money row carries that account_id (and its portfolio_id), so
-- balance = Σ ledger and positions = Σ fills hold per account. A reset opens a new account row;
-- the old season's rows stay as they are. Every existing row moves to its user's main portfolio,
-- season 1; no money row is changed otherwise.
CREATE TABLE "portfolios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"season" integer DEFAULT 1 NOT NULL,
	"starting_cash_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolios_kind_known" CHECK ("portfolios"."kind" IN ('main', 'custom', 'replay', 'class', 'agent')),
	CONSTRAINT "portfolios_season_positive" CHECK ("portfolios"."season" > 0),
	CONSTRAINT "portfolios_starting_cash_positive" CHECK ("portfolios"."starting_cash_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portfolios_one_main_per_user" ON "portfolios" USING btree ("user_id") WHERE "portfolios"."kind" = 'main';--> statement-breakpoint
CREATE INDEX "portfolios_user_idx" ON "portfolios" USING btree ("user_id","created_at");--> statement-breakpoint
-- Every user with a cash account gets main, starting from what their account opened with.
INSERT INTO "portfolios" ("user_id", "name", "kind", "season", "starting_cash_paise", "created_at")
SELECT a."user_id", 'Main', 'main', 1,
       coalesce((SELECT l."amount_paise" FROM "ledger_entries" l
                 WHERE l."user_id" = a."user_id" AND l."kind" = 'OPENING_BALANCE' ORDER BY l."id" LIMIT 1), 1000000),
       u."created_at"
FROM "cash_accounts" a JOIN "users" u ON u."id" = a."user_id";--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD COLUMN "portfolio_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD COLUMN "season" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD COLUMN "final_figures" jsonb;--> statement-breakpoint
UPDATE "cash_accounts" a SET "portfolio_id" = p."id", "started_at" = p."created_at"
FROM "portfolios" p WHERE p."user_id" = a."user_id" AND p."kind" = 'main';--> statement-breakpoint
ALTER TABLE "cash_accounts" ALTER COLUMN "portfolio_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_accounts" DROP CONSTRAINT "cash_accounts_pkey";--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD CONSTRAINT "cash_accounts_pkey" PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD CONSTRAINT "cash_accounts_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_accounts_portfolio_season_key" ON "cash_accounts" USING btree ("portfolio_id","season");--> statement-breakpoint
CREATE INDEX "cash_accounts_user_idx" ON "cash_accounts" USING btree ("user_id");--> statement-breakpoint
-- The money rows: each gets the account (portfolio season) it belongs to.
ALTER TABLE "ledger_entries" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "gtt_triggers" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "equity_snapshots" ADD COLUMN "account_id" uuid;--> statement-breakpoint
UPDATE "ledger_entries" t SET "account_id" = a."id" FROM "cash_accounts" a WHERE a."user_id" = t."user_id";--> statement-breakpoint
UPDATE "orders" t SET "account_id" = a."id" FROM "cash_accounts" a WHERE a."user_id" = t."user_id";--> statement-breakpoint
UPDATE "fills" t SET "account_id" = a."id" FROM "cash_accounts" a WHERE a."user_id" = t."user_id";--> statement-breakpoint
UPDATE "positions" t SET "account_id" = a."id" FROM "cash_accounts" a WHERE a."user_id" = t."user_id";--> statement-breakpoint
UPDATE "gtt_triggers" t SET "account_id" = a."id" FROM "cash_accounts" a WHERE a."user_id" = t."user_id";--> statement-breakpoint
UPDATE "price_alerts" t SET "account_id" = a."id" FROM "cash_accounts" a WHERE a."user_id" = t."user_id";--> statement-breakpoint
UPDATE "journal_entries" t SET "account_id" = a."id" FROM "cash_accounts" a WHERE a."user_id" = t."user_id";--> statement-breakpoint
UPDATE "equity_snapshots" t SET "account_id" = a."id" FROM "cash_accounts" a WHERE a."user_id" = t."user_id";--> statement-breakpoint
-- A user with money rows but no cash account cannot exist (sign-up opens it in the same
-- transaction); deleting such orphans would lose data, so SET NOT NULL fails loudly instead.
ALTER TABLE "ledger_entries" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fills" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gtt_triggers" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "equity_snapshots" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtt_triggers" ADD CONSTRAINT "gtt_triggers_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_snapshots" ADD CONSTRAINT "equity_snapshots_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keys that were per user become per account.
ALTER TABLE "positions" DROP CONSTRAINT "positions_user_id_symbol_product_pk";--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_account_id_symbol_product_pk" PRIMARY KEY("account_id","symbol","product");--> statement-breakpoint
ALTER TABLE "equity_snapshots" DROP CONSTRAINT "equity_snapshots_user_id_day_pk";--> statement-breakpoint
ALTER TABLE "equity_snapshots" ADD CONSTRAINT "equity_snapshots_account_id_day_pk" PRIMARY KEY("account_id","day");--> statement-breakpoint
DROP INDEX "fills_dp_charge_once_per_day";--> statement-breakpoint
CREATE UNIQUE INDEX "fills_dp_charge_once_per_day" ON "fills" USING btree ("account_id","symbol","trade_date") WHERE "fills"."dp_charge_paise" > 0;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "orders_account_created_idx" ON "orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "fills_account_symbol_idx" ON "fills" USING btree ("account_id","symbol");--> statement-breakpoint
CREATE INDEX "gtt_triggers_account_created_idx" ON "gtt_triggers" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_account_created_idx" ON "price_alerts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_account_created_idx" ON "journal_entries" USING btree ("account_id","created_at");
