CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ticker" text NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"quantity" integer NOT NULL,
	"price_minor" bigint NOT NULL,
	"type" text NOT NULL,
	"fill_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"setup" text,
	"stop_minor" bigint,
	"target_minor" bigint,
	"confidence" smallint,
	"review" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_quantity_positive" CHECK ("journal_entries"."quantity" > 0),
	CONSTRAINT "journal_entries_price_positive" CHECK ("journal_entries"."price_minor" > 0),
	CONSTRAINT "journal_entries_type" CHECK ("journal_entries"."type" in ('BUY', 'SELL')),
	CONSTRAINT "journal_entries_confidence_range" CHECK ("journal_entries"."confidence" IS NULL OR "journal_entries"."confidence" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_fill_id_fills_id_fk" FOREIGN KEY ("fill_id") REFERENCES "public"."fills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_user_created_idx" ON "journal_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_fill_key" ON "journal_entries" USING btree ("fill_id") WHERE "journal_entries"."fill_id" IS NOT NULL;
