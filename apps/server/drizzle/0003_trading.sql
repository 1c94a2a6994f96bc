CREATE TABLE "fills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_paise" bigint NOT NULL,
	"value_paise" bigint NOT NULL,
	"brokerage_paise" bigint NOT NULL,
	"exchange_charge_paise" bigint NOT NULL,
	"stt_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"sebi_fee_paise" bigint NOT NULL,
	"stamp_duty_paise" bigint NOT NULL,
	"fees_paise" bigint NOT NULL,
	"realized_pnl_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fills_quantity_positive" CHECK ("fills"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_order_id" text NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"side" text NOT NULL,
	"order_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"limit_price_paise" bigint,
	"status" text NOT NULL,
	"execution_price_paise" bigint,
	"trade_value_paise" bigint,
	"fees_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint,
	"realized_pnl_paise" bigint,
	"reserved_paise" bigint DEFAULT 0 NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"executed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "orders_quantity_positive" CHECK ("orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL,
	"cost_basis_paise" bigint DEFAULT 0 NOT NULL,
	"realized_pnl_paise" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_user_id_symbol_pk" PRIMARY KEY("user_id","symbol"),
	CONSTRAINT "positions_quantity_non_negative" CHECK ("positions"."quantity" >= 0),
	CONSTRAINT "positions_reserved_within_quantity" CHECK ("positions"."reserved_quantity" >= 0 AND "positions"."reserved_quantity" <= "positions"."quantity"),
	CONSTRAINT "positions_cost_non_negative" CHECK ("positions"."cost_basis_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fills_order_idx" ON "fills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fills_user_symbol_idx" ON "fills" USING btree ("user_id","symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_client_order_key" ON "orders" USING btree ("user_id","client_order_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");