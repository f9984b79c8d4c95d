CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_searched_idx" ON "search_words" USING btree ("searched_at");