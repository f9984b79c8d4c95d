CREATE TABLE "property_user_views" (
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_user_views_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
ALTER TABLE "property_user_views" ADD CONSTRAINT "property_user_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_user_views" ADD CONSTRAINT "property_user_views_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_user_views_user_idx" ON "property_user_views" USING btree ("user_id","viewed_at" DESC NULLS LAST);