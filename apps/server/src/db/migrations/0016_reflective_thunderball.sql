ALTER TABLE "search_alerts" ADD COLUMN "push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD COLUMN "email_digest" boolean DEFAULT false NOT NULL;