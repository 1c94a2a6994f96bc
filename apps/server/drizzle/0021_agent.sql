-- Agent sandbox (issue 27): agent tokens (only the secret's sha256 stored; each trades its own
-- `agent` portfolio), orders held for the user's approval, and the audit log of every /mcp call.
CREATE TABLE "agent_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"secret_hash" text NOT NULL,
	"hint" text NOT NULL,
	"budget_paise" bigint NOT NULL,
	"require_approval" boolean DEFAULT false NOT NULL,
	"daily_loss_limit_paise" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "agent_tokens_budget_positive" CHECK ("agent_tokens"."budget_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "agent_tokens" ADD CONSTRAINT "agent_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agent_tokens" ADD CONSTRAINT "agent_tokens_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_tokens_secret_hash_key" ON "agent_tokens" USING btree ("secret_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_tokens_portfolio_key" ON "agent_tokens" USING btree ("portfolio_id");
--> statement-breakpoint
CREATE INDEX "agent_tokens_user_idx" ON "agent_tokens" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "agent_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'AWAITING_APPROVAL' NOT NULL,
	"request" jsonb NOT NULL,
	"order_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "agent_approvals_status_known" CHECK ("agent_approvals"."status" IN ('AWAITING_APPROVAL', 'APPROVED', 'REJECTED', 'EXPIRED'))
);
--> statement-breakpoint
ALTER TABLE "agent_approvals" ADD CONSTRAINT "agent_approvals_token_id_agent_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."agent_tokens"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agent_approvals" ADD CONSTRAINT "agent_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "agent_approvals_user_idx" ON "agent_approvals" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "agent_approvals_token_idx" ON "agent_approvals" USING btree ("token_id","status");
--> statement-breakpoint
CREATE TABLE "agent_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tool" text NOT NULL,
	"arguments" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"summary" text NOT NULL,
	"ledger_effect_paise" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_audit_outcome_known" CHECK ("agent_audit"."outcome" IN ('ok', 'refused', 'error', 'awaiting_approval'))
);
--> statement-breakpoint
ALTER TABLE "agent_audit" ADD CONSTRAINT "agent_audit_token_id_agent_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."agent_tokens"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agent_audit" ADD CONSTRAINT "agent_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "agent_audit_user_idx" ON "agent_audit" USING btree ("user_id","at");
--> statement-breakpoint
CREATE INDEX "agent_audit_token_idx" ON "agent_audit" USING btree ("token_id","at");
