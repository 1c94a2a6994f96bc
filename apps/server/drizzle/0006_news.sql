CREATE TABLE "news_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"origin" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"content" text,
	"figures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"author" text,
	"url" text,
	"image_url" text,
	"published_at" timestamp with time zone NOT NULL,
	"symbols" text[] DEFAULT '{}'::text[] NOT NULL,
	"tone" text NOT NULL,
	"tone_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_articles_seq_unique" UNIQUE("seq"),
	CONSTRAINT "news_articles_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "news_articles_origin_check" CHECK ("news_articles"."origin" in ('archive', 'feed', 'desk'))
);
--> statement-breakpoint
CREATE TABLE "news_bookmarks" (
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_bookmarks_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "news_reads" (
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_reads_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "news_feed_state" (
	"url" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "news_bookmarks" ADD CONSTRAINT "news_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "news_bookmarks" ADD CONSTRAINT "news_bookmarks_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "news_articles_published_idx" ON "news_articles" USING btree ("published_at");
--> statement-breakpoint
CREATE INDEX "news_bookmarks_article_idx" ON "news_bookmarks" USING btree ("article_id");
--> statement-breakpoint
CREATE INDEX "news_reads_article_idx" ON "news_reads" USING btree ("article_id");
