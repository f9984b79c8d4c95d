ALTER TABLE "users" ADD COLUMN "listed_properties" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "listed_properties" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Counting an agent's or a category's listings on every agent list or category page costs a scan
-- of their share of the table (seconds at a million listings); the counts are kept instead, by
-- statement-level triggers that add up each write's listed rows before and after, so a statement
-- that changes no count (a views update) writes nothing.
UPDATE "users" u SET "listed_properties" = c.n FROM (
  SELECT owner_id, count(*)::int AS n FROM properties WHERE status = 1 AND request_status = 'approved' AND owner_id IS NOT NULL GROUP BY owner_id
) c WHERE c.owner_id = u.id;--> statement-breakpoint
UPDATE "categories" k SET "listed_properties" = c.n FROM (
  SELECT category_id, count(*)::int AS n FROM properties WHERE status = 1 AND request_status = 'approved' GROUP BY category_id
) c WHERE c.category_id = k.id;--> statement-breakpoint
CREATE FUNCTION "properties_count_listed_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (SELECT owner_id, category_id, 1 AS d FROM new_rows WHERE status = 1 AND request_status = 'approved'),
    per_owner AS (SELECT owner_id, sum(d)::int AS n FROM delta WHERE owner_id IS NOT NULL GROUP BY owner_id HAVING sum(d) <> 0)
  UPDATE users u SET listed_properties = u.listed_properties + c.n FROM per_owner c WHERE u.id = c.owner_id;
  WITH delta AS (SELECT owner_id, category_id, 1 AS d FROM new_rows WHERE status = 1 AND request_status = 'approved'),
    per_category AS (SELECT category_id, sum(d)::int AS n FROM delta GROUP BY category_id HAVING sum(d) <> 0)
  UPDATE categories k SET listed_properties = k.listed_properties + c.n FROM per_category c WHERE k.id = c.category_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "properties_count_listed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (SELECT owner_id, category_id, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved' UNION ALL SELECT owner_id, category_id, 1 AS d FROM new_rows WHERE status = 1 AND request_status = 'approved'),
    per_owner AS (SELECT owner_id, sum(d)::int AS n FROM delta WHERE owner_id IS NOT NULL GROUP BY owner_id HAVING sum(d) <> 0)
  UPDATE users u SET listed_properties = u.listed_properties + c.n FROM per_owner c WHERE u.id = c.owner_id;
  WITH delta AS (SELECT owner_id, category_id, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved' UNION ALL SELECT owner_id, category_id, 1 AS d FROM new_rows WHERE status = 1 AND request_status = 'approved'),
    per_category AS (SELECT category_id, sum(d)::int AS n FROM delta GROUP BY category_id HAVING sum(d) <> 0)
  UPDATE categories k SET listed_properties = k.listed_properties + c.n FROM per_category c WHERE k.id = c.category_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "properties_count_listed_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (SELECT owner_id, category_id, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved'),
    per_owner AS (SELECT owner_id, sum(d)::int AS n FROM delta WHERE owner_id IS NOT NULL GROUP BY owner_id HAVING sum(d) <> 0)
  UPDATE users u SET listed_properties = u.listed_properties + c.n FROM per_owner c WHERE u.id = c.owner_id;
  WITH delta AS (SELECT owner_id, category_id, -1 AS d FROM old_rows WHERE status = 1 AND request_status = 'approved'),
    per_category AS (SELECT category_id, sum(d)::int AS n FROM delta GROUP BY category_id HAVING sum(d) <> 0)
  UPDATE categories k SET listed_properties = k.listed_properties + c.n FROM per_category c WHERE k.id = c.category_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "properties_count_listed_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_count_listed_added"();--> statement-breakpoint
CREATE TRIGGER "properties_count_listed_update" AFTER UPDATE ON "properties" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_count_listed_changed"();--> statement-breakpoint
CREATE TRIGGER "properties_count_listed_delete" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_count_listed_removed"();
