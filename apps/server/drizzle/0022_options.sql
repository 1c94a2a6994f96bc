-- Options Lab (issue 28): index options and futures through the order path. Orders carry their
-- segment (EQ cash market, FO derivatives); the NRML product joins CNC and MIS; F&O positions are
-- signed (shorts negative) in their own table; the margin blocked by open F&O positions is part of
-- the account's reserved cash (fo_margin_paise says how much of it), so every "available cash"
-- already excludes it; each expiry settlement is one row, which makes the settlement idempotent.
ALTER TABLE "orders" ADD COLUMN "segment" text DEFAULT 'EQ' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_segment_known" CHECK ("orders"."segment" IN ('EQ', 'FO'));
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_product_known";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_known" CHECK ("orders"."product" IN ('CNC', 'MIS', 'NRML'));
--> statement-breakpoint
ALTER TABLE "fills" DROP CONSTRAINT "fills_product_known";
--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_product_known" CHECK ("fills"."product" IN ('CNC', 'MIS', 'NRML'));
--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD COLUMN "fo_margin_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD CONSTRAINT "cash_accounts_fo_margin_within_reserved" CHECK ("cash_accounts"."fo_margin_paise" >= 0 AND "cash_accounts"."fo_margin_paise" <= "cash_accounts"."reserved_paise");
--> statement-breakpoint
CREATE TABLE "fo_positions" (
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"tradingsymbol" text NOT NULL,
	"product" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"average_price_paise" bigint DEFAULT 0 NOT NULL,
	"realized_pnl_paise" bigint DEFAULT 0 NOT NULL,
	"settled_quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fo_positions_pk" PRIMARY KEY("account_id","tradingsymbol","product"),
	CONSTRAINT "fo_positions_product_known" CHECK ("fo_positions"."product" IN ('NRML', 'MIS'))
);
--> statement-breakpoint
ALTER TABLE "fo_positions" ADD CONSTRAINT "fo_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fo_positions" ADD CONSTRAINT "fo_positions_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "fo_positions_open_idx" ON "fo_positions" USING btree ("tradingsymbol") WHERE "fo_positions"."quantity" <> 0;
--> statement-breakpoint
CREATE TABLE "fo_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"tradingsymbol" text NOT NULL,
	"product" text NOT NULL,
	"expiry" date NOT NULL,
	"quantity" integer NOT NULL,
	"settle_price_paise" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"stt_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fo_settlements" ADD CONSTRAINT "fo_settlements_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "fo_settlements_once" ON "fo_settlements" USING btree ("account_id","tradingsymbol","product","expiry");
