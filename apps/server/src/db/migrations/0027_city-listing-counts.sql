CREATE TABLE "city_listings" (
	"city_key" text PRIMARY KEY NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Counting each city's listings for the cities list (and the results page's city filter) joined
-- every listed row to its city on each read: seconds at a million listings, every time the answer's
-- cache expired. The counts are kept per lower(city) instead, by the same statement-level triggers
-- that keep the agents' and categories' counts (migration 0009).
INSERT INTO "city_listings" ("city_key", "listed")
  SELECT lower(city), count(*)::int FROM properties WHERE status = 1 AND request_status = 'approved' AND city IS NOT NULL GROUP BY lower(city);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "properties_count_listed_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (SELECT owner_id, category_id, 1 AS d FROM new_rows WHERE status = 1 AND request_status = 'approved'),
    per_owner AS (SELECT owner_id, sum(d)::int AS n FROM delta WHERE owner_id IS NOT NULL GROUP BY owner_id HAVING sum(d) <> 0)
  UPDATE users u SET listed_properties = u.listed_properties + c.n FROM per_owner c WHERE u.id = c.owner_id;
  WITH delta AS (SELECT owner_id, category_id, 1 AS d FROM new_rows WHERE status = 1 AND request_status = 'approved'),
    per_category AS (SELECT category_id, sum(d)::int AS n FROM delta GROUP BY category_id HAVING sum(d) <> 0)
  UPDATE categories k SET listed_properties = k.listed_properties + c.n FROM per_category c WHERE k.id = c.category_id;
  WITH delta AS (SELECT lower(city) AS city_key, 1 AS d FROM new_rows WHERE status = 1 AND request_status = 'approved' AND city IS NOT NULL),
    per_city AS (SELECT city_key, sum(d)::int AS n FROM delta GROUP BY city_key HAVING sum(d) <> 0)
  INSERT INTO city_listings (city_key, listed) SELECT city_key, n FROM per_city
    ON CONFLICT (city_key) DO UPDATE SET listed = city_listings.listed + excluded.listed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "properties_count_listed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (SELECT owner_id, category_id, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved' UNION ALL SELECT owner_id, category_id, 1 AS d FROM new_rows WHERE status = 1 AND request_status = 'approved'),
    per_owner AS (SELECT owner_id, sum(d)::int AS n FROM delta WHERE owner_id IS NOT NULL GROUP BY owner_id HAVING sum(d) <> 0)
  UPDATE users u SET listed_properties = u.listed_properties + c.n FROM per_owner c WHERE u.id = c.owner_id;
  WITH delta AS (SELECT owner_id, category_id, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved' UNION ALL SELECT owner_id, category_id, 1 AS d FROM new_rows WHERE status = 1 AND request_status = 'approved'),
    per_category AS (SELECT category_id, sum(d)::int AS n FROM delta GROUP BY category_id HAVING sum(d) <> 0)
  UPDATE categories k SET listed_properties = k.listed_properties + c.n FROM per_category c WHERE k.id = c.category_id;
  WITH delta AS (SELECT lower(city) AS city_key, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved' AND city IS NOT NULL UNION ALL SELECT lower(city), 1 FROM new_rows WHERE status = 1 AND request_status = 'approved' AND city IS NOT NULL),
    per_city AS (SELECT city_key, sum(d)::int AS n FROM delta GROUP BY city_key HAVING sum(d) <> 0)
  INSERT INTO city_listings (city_key, listed) SELECT city_key, n FROM per_city
    ON CONFLICT (city_key) DO UPDATE SET listed = city_listings.listed + excluded.listed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "properties_count_listed_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (SELECT owner_id, category_id, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved'),
    per_owner AS (SELECT owner_id, sum(d)::int AS n FROM delta WHERE owner_id IS NOT NULL GROUP BY owner_id HAVING sum(d) <> 0)
  UPDATE users u SET listed_properties = u.listed_properties + c.n FROM per_owner c WHERE u.id = c.owner_id;
  WITH delta AS (SELECT owner_id, category_id, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved'),
    per_category AS (SELECT category_id, sum(d)::int AS n FROM delta GROUP BY category_id HAVING sum(d) <> 0)
  UPDATE categories k SET listed_properties = k.listed_properties + c.n FROM per_category c WHERE k.id = c.category_id;
  WITH delta AS (SELECT lower(city) AS city_key, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved' AND city IS NOT NULL),
    per_city AS (SELECT city_key, sum(d)::int AS n FROM delta GROUP BY city_key HAVING sum(d) <> 0)
  INSERT INTO city_listings (city_key, listed) SELECT city_key, n FROM per_city
    ON CONFLICT (city_key) DO UPDATE SET listed = city_listings.listed + excluded.listed;
  RETURN NULL;
END $$;
