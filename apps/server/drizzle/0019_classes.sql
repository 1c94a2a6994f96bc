-- Classrooms (issue 26): a teacher's class, its students with their class portfolio (status
-- active/removed; a removed student's portfolio is closed read-only, never deleted), the standings
-- the periodic job computes, the class-rule refusals for the teacher's report, and trade notes of
-- orders that had not filled yet (journaled, linked to the fill, once they do).
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starting_cash_paise" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"rules" jsonb NOT NULL,
	"invite_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_invite_code_length" CHECK (length("classes"."invite_code") >= 6),
	CONSTRAINT "classes_dates_ordered" CHECK ("classes"."end_date" >= "classes"."start_date"),
	CONSTRAINT "classes_starting_cash_positive" CHECK ("classes"."starting_cash_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "classes_invite_code_key" ON "classes" USING btree ("invite_code");
--> statement-breakpoint
CREATE INDEX "classes_teacher_idx" ON "classes" USING btree ("teacher_id");
--> statement-breakpoint
CREATE TABLE "class_members" (
	"class_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "class_members_class_id_user_id_pk" PRIMARY KEY("class_id","user_id"),
	CONSTRAINT "class_members_status_known" CHECK ("class_members"."status" IN ('active', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "class_members_user_idx" ON "class_members" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "class_members_account_key" ON "class_members" USING btree ("account_id");
--> statement-breakpoint
CREATE TABLE "class_standings" (
	"class_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"twr" double precision NOT NULL,
	"max_drawdown" double precision NOT NULL,
	"score" double precision NOT NULL,
	"trades" integer NOT NULL,
	"notes" integer NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "class_standings_class_id_user_id_pk" PRIMARY KEY("class_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "class_standings" ADD CONSTRAINT "class_standings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_standings" ADD CONSTRAINT "class_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "class_rule_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_rule_refusals" ADD CONSTRAINT "class_rule_refusals_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_rule_refusals" ADD CONSTRAINT "class_rule_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "class_rule_refusals_class_idx" ON "class_rule_refusals" USING btree ("class_id","user_id");
--> statement-breakpoint
CREATE TABLE "pending_trade_notes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_trade_notes" ADD CONSTRAINT "pending_trade_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pending_trade_notes" ADD CONSTRAINT "pending_trade_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pending_trade_notes" ADD CONSTRAINT "pending_trade_notes_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;
