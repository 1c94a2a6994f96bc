CREATE TABLE "gtt_triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"product" text DEFAULT 'CNC' NOT NULL,
	"quantity" integer NOT NULL,
	"leg1_trigger_paise" bigint NOT NULL,
	"leg1_limit_paise" bigint NOT NULL,
	"leg2_trigger_paise" bigint,
	"leg2_limit_paise" bigint,
	"reference_price_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"triggered_leg" smallint,
	"triggered_at" timestamp with time zone,
	"triggered_price_paise" bigint,
	"client_order_id" text,
	"order_id" uuid,
	"armed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gtt_triggers_kind_legs" CHECK (("kind" = 'single' AND "leg2_trigger_paise" IS NULL AND "leg2_limit_paise" IS NULL) OR ("kind" = 'oco' AND "leg2_trigger_paise" IS NOT NULL AND "leg2_limit_paise" IS NOT NULL)),
	CONSTRAINT "gtt_triggers_quantity_positive" CHECK ("quantity" > 0),
	CONSTRAINT "gtt_triggers_prices_positive" CHECK ("leg1_trigger_paise" > 0 AND "leg1_limit_paise" > 0 AND "reference_price_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "gtt_triggers" ADD CONSTRAINT "gtt_triggers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gtt_triggers_user_created_idx" ON "gtt_triggers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "gtt_triggers_active_idx" ON "gtt_triggers" USING btree ("symbol") WHERE "gtt_triggers"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "gtt_triggers_unplaced_idx" ON "gtt_triggers" USING btree ("triggered_at") WHERE "gtt_triggers"."status" = 'TRIGGERED' AND "gtt_triggers"."order_id" IS NULL;
