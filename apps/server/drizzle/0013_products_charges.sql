-- Products (CNC delivery, MIS intraday) on orders, fills and positions; every existing row is delivery.
ALTER TABLE "orders" ADD COLUMN "product" text DEFAULT 'CNC' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_known" CHECK ("orders"."product" IN ('CNC', 'MIS'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt" text;--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "product" text DEFAULT 'CNC' NOT NULL;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_product_known" CHECK ("fills"."product" IN ('CNC', 'MIS'));--> statement-breakpoint
-- New fee lines; fills before them were charged neither, and keep what they were charged.
ALTER TABLE "fills" ADD COLUMN "dp_charge_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "square_off_charge_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "receipt" text;--> statement-breakpoint
-- The IST trade date the charges were picked by (the market clock's, which tests move).
ALTER TABLE "fills" ADD COLUMN "trade_date" date;--> statement-breakpoint
UPDATE "fills" SET "trade_date" = ("created_at" AT TIME ZONE 'Asia/Kolkata')::date;--> statement-breakpoint
ALTER TABLE "fills" ALTER COLUMN "trade_date" SET NOT NULL;--> statement-breakpoint
-- The DP charge is paid once per scrip per sell day, whatever races: the database holds it to that.
CREATE UNIQUE INDEX "fills_dp_charge_once_per_day" ON "fills" USING btree ("user_id","symbol","trade_date") WHERE "fills"."dp_charge_paise" > 0;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "product" text DEFAULT 'CNC' NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_product_known" CHECK ("positions"."product" IN ('CNC', 'MIS'));--> statement-breakpoint
ALTER TABLE "positions" DROP CONSTRAINT "positions_user_id_symbol_pk";--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_user_id_symbol_product_pk" PRIMARY KEY("user_id","symbol","product");--> statement-breakpoint
-- GTC does not exist on Indian exchanges: resting GTC orders lapse now. The matcher's expiry path
-- releases their reservation and tells the owner why (GTC_LAPSED_REASON).
UPDATE "orders" SET "expires_at" = now(), "updated_at" = now() WHERE "validity" = 'GTC' AND "status" IN ('PENDING', 'OPEN');
