ALTER TABLE "chat_messages" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "receiver_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "property_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "user_high_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "admin_id" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_platform_unread_idx" ON "chat_messages" USING btree ("chat_id") WHERE receiver_id is null and not is_read;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_platform_key" ON "chats" USING btree ("property_id","user_low_id") WHERE user_high_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_platform_general_key" ON "chats" USING btree ("user_low_id") WHERE property_id is null;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_party_check" CHECK (sender_id is not null or receiver_id is not null);--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_listing_check" CHECK (property_id is not null or user_high_id is null);