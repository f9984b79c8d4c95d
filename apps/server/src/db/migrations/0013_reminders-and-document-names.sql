ALTER TABLE "project_documents" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "user_packages" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "user_packages_to_remind_idx" ON "user_packages" USING btree ("end_date") WHERE reminded_at is null;