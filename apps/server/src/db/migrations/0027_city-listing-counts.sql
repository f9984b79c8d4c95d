CREATE TABLE "city_listings" (
	"city_key" text PRIMARY KEY NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Counting each city's listings for the cities list (and the results page's city filter) joined
-- every listed row to its city on each read: seconds at a million listings, every time the answer's
-- cache expired. The counts are kept per lower(city) instead, as migration 0009 keeps the agents'
-- and categories': statement-level triggers add up each write's listed rows before and after, and
-- a statement that changes no count (a views update) writes nothing.
INSERT INTO "city_listings" ("city_key", "listed")
  SELECT lower(city), count(*)::int FROM properties WHERE status = 1 AND request_status = 'approved' AND city IS NOT NULL GROUP BY lower(city);--> statement-breakpoint
CREATE FUNCTION "properties_count_listed_cities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each event has only its own transition tables: an insert new rows, a delete old ones, an update both.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO city_listings (city_key, listed)
      SELECT lower(city), count(*)::int FROM new_rows WHERE status = 1 AND request_status = 'approved' AND city IS NOT NULL GROUP BY lower(city)
      ON CONFLICT (city_key) DO UPDATE SET listed = city_listings.listed + excluded.listed;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO city_listings (city_key, listed)
      SELECT lower(city), -count(*)::int FROM old_rows WHERE status = 1 AND request_status = 'approved' AND city IS NOT NULL GROUP BY lower(city)
      ON CONFLICT (city_key) DO UPDATE SET listed = city_listings.listed + excluded.listed;
  ELSE
    WITH delta AS (
      SELECT lower(city) AS city_key, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved' AND city IS NOT NULL
      UNION ALL SELECT lower(city), 1 FROM new_rows WHERE status = 1 AND request_status = 'approved' AND city IS NOT NULL)
    INSERT INTO city_listings (city_key, listed)
      SELECT city_key, sum(d)::int FROM delta GROUP BY city_key HAVING sum(d) <> 0
      ON CONFLICT (city_key) DO UPDATE SET listed = city_listings.listed + excluded.listed;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "properties_count_cities_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_count_listed_cities"();--> statement-breakpoint
CREATE TRIGGER "properties_count_cities_update" AFTER UPDATE ON "properties" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_count_listed_cities"();--> statement-breakpoint
CREATE TRIGGER "properties_count_cities_delete" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_count_listed_cities"();
