-- Class assignments and weekly deposits (issue 26): a teacher's assignments, when each student was
-- first seen meeting one (done stays done), and the weekly virtual-cash deposits, one per
-- (class, student, week) so two instances running the job cannot pay a week twice.
CREATE TABLE "class_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_assignments_count_positive" CHECK ("class_assignments"."count" > 0),
	CONSTRAINT "class_assignments_kind_known" CHECK ("class_assignments"."kind" IN ('limit_orders', 'sectors', 'gtt_stop_target', 'trade_review'))
);
--> statement-breakpoint
ALTER TABLE "class_assignments" ADD CONSTRAINT "class_assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "class_assignments_class_idx" ON "class_assignments" USING btree ("class_id","created_at");
--> statement-breakpoint
CREATE TABLE "class_assignment_completions" (
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "class_assignment_completions_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "class_assignment_completions" ADD CONSTRAINT "class_assignment_completions_assignment_id_class_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."class_assignments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_assignment_completions" ADD CONSTRAINT "class_assignment_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "class_deposits" (
	"class_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"week" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_deposits_class_id_user_id_week_pk" PRIMARY KEY("class_id","user_id","week"),
	CONSTRAINT "class_deposits_week_positive" CHECK ("class_deposits"."week" > 0),
	CONSTRAINT "class_deposits_amount_positive" CHECK ("class_deposits"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "class_deposits" ADD CONSTRAINT "class_deposits_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_deposits" ADD CONSTRAINT "class_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "class_deposits" ADD CONSTRAINT "class_deposits_account_id_cash_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cash_accounts"("id") ON DELETE cascade ON UPDATE no action;
