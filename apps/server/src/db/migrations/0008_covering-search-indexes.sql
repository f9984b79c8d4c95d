DROP INDEX "properties_listed_city_idx";--> statement-breakpoint
DROP INDEX "properties_listed_city_type_idx";--> statement-breakpoint
DROP INDEX "properties_listed_created_idx";--> statement-breakpoint
DROP INDEX "properties_listed_type_created_idx";--> statement-breakpoint
DROP INDEX "properties_listed_category_idx";--> statement-breakpoint
DROP INDEX "properties_listed_price_idx";--> statement-breakpoint
DROP INDEX "properties_listed_views_idx";--> statement-breakpoint
DROP INDEX "properties_listed_likes_idx";--> statement-breakpoint
CREATE INDEX "properties_listed_city_created_idx" ON "properties" USING btree (lower(city),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"property_type","category_id","price","bedrooms","city") WHERE status = 1 and request_status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_listed_city_price_idx" ON "properties" USING btree (lower(city),"price","id","property_type","category_id","bedrooms","city") WHERE status = 1 and request_status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_listed_place_idx" ON "properties" USING btree ("latitude","longitude","created_at","id","price","total_click","total_favourites","property_type","category_id","bedrooms","city") WHERE status = 1 and request_status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_listed_created_idx" ON "properties" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"property_type","category_id","price","bedrooms","city") WHERE status = 1 and request_status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_listed_type_created_idx" ON "properties" USING btree ("property_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category_id","price","bedrooms","city") WHERE status = 1 and request_status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_listed_category_idx" ON "properties" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"property_type","price","bedrooms","city") WHERE status = 1 and request_status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_listed_price_idx" ON "properties" USING btree ("price","id","property_type","category_id","bedrooms","city") WHERE status = 1 and request_status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_listed_views_idx" ON "properties" USING btree ("total_click" DESC NULLS LAST,"id" DESC NULLS LAST,"property_type","category_id","price","bedrooms","city") WHERE status = 1 and request_status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_listed_likes_idx" ON "properties" USING btree ("total_favourites" DESC NULLS LAST,"id" DESC NULLS LAST,"property_type","category_id","price","bedrooms","city") WHERE status = 1 and request_status = 'approved';