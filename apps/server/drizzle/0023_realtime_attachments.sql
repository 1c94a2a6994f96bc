-- Issue 29: the PostgreSQL socket.io adapter (REALTIME_ADAPTER=postgres) keeps an event over
-- NOTIFY's 8000 bytes here and notifies its id; every instance deletes rows older than 30 s.
CREATE TABLE "socket_io_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" bytea NOT NULL
);
--> statement-breakpoint
CREATE INDEX "socket_io_attachments_created_at_idx" ON "socket_io_attachments" USING btree ("created_at");
