-- A stop or target that rounded to 0 paise was stored as 0 before the schema required ₹0.01;
-- such a level means nothing, so it becomes "not set" before the checks go on.
UPDATE "journal_entries" SET "stop_minor" = NULL WHERE "stop_minor" <= 0;--> statement-breakpoint
UPDATE "journal_entries" SET "target_minor" = NULL WHERE "target_minor" <= 0;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_stop_positive" CHECK ("journal_entries"."stop_minor" IS NULL OR "journal_entries"."stop_minor" > 0);--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_target_positive" CHECK ("journal_entries"."target_minor" IS NULL OR "journal_entries"."target_minor" > 0);
