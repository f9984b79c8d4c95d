ALTER TABLE "properties" ADD COLUMN "card_parameters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "card_facilities" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A card shows its listing's parameters and facilities. They travel with the listing's row, as ids
-- and values: every statement that writes a listing's parameters or facilities copies them onto the
-- listing in the writer's transaction, so a page of cards reads no other table for them (two index
-- scans of million-row tables per card before). Names and pictures come from the catalogue.
CREATE FUNCTION "properties_refresh_card_parameters"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE properties p SET card_parameters = c.v
  FROM (
    SELECT i.id, coalesce((SELECT jsonb_agg(jsonb_build_array(pp.parameter_id, pp.value) ORDER BY pp.parameter_id)
      FROM property_parameters pp WHERE pp.property_id = i.id), '[]'::jsonb) AS v
    FROM unnest(ids) AS i(id)
  ) c
  WHERE p.id = c.id AND p.card_parameters IS DISTINCT FROM c.v
$$;--> statement-breakpoint
CREATE FUNCTION "properties_refresh_card_facilities"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE properties p SET card_facilities = c.v
  FROM (
    SELECT i.id, coalesce((SELECT jsonb_agg(jsonb_build_array(pf.facility_id, pf.distance) ORDER BY pf.distance, pf.facility_id)
      FROM property_facilities pf WHERE pf.property_id = i.id), '[]'::jsonb) AS v
    FROM unnest(ids) AS i(id)
  ) c
  WHERE p.id = c.id AND p.card_facilities IS DISTINCT FROM c.v
$$;--> statement-breakpoint
CREATE FUNCTION "properties_copy_card_extras"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT property_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT property_id FROM old_rows);
  ELSE
    ids := ARRAY(SELECT property_id FROM new_rows UNION SELECT property_id FROM old_rows);
  END IF;
  IF TG_TABLE_NAME = 'property_parameters' THEN
    PERFORM properties_refresh_card_parameters(ids);
  ELSE
    PERFORM properties_refresh_card_facilities(ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "property_parameters_card_insert" AFTER INSERT ON "property_parameters" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_copy_card_extras"();--> statement-breakpoint
CREATE TRIGGER "property_parameters_card_update" AFTER UPDATE ON "property_parameters" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_copy_card_extras"();--> statement-breakpoint
CREATE TRIGGER "property_parameters_card_delete" AFTER DELETE ON "property_parameters" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_copy_card_extras"();--> statement-breakpoint
CREATE TRIGGER "property_facilities_card_insert" AFTER INSERT ON "property_facilities" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_copy_card_extras"();--> statement-breakpoint
CREATE TRIGGER "property_facilities_card_update" AFTER UPDATE ON "property_facilities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_copy_card_extras"();--> statement-breakpoint
CREATE TRIGGER "property_facilities_card_delete" AFTER DELETE ON "property_facilities" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_copy_card_extras"();--> statement-breakpoint
-- Listings written before: copied once, in one pass. Search does not look at these columns, so the
-- pass is not noted for the search index (it would read every listing again).
ALTER TABLE "properties" DISABLE TRIGGER "properties_search_change_update";--> statement-breakpoint
UPDATE properties p SET card_parameters = coalesce(a.parameters, '[]'::jsonb), card_facilities = coalesce(a.facilities, '[]'::jsonb)
FROM (
  SELECT coalesce(pp.property_id, pf.property_id) AS id, pp.v AS parameters, pf.v AS facilities
  FROM (SELECT property_id, jsonb_agg(jsonb_build_array(parameter_id, value) ORDER BY parameter_id) AS v FROM property_parameters GROUP BY property_id) pp
  FULL JOIN (SELECT property_id, jsonb_agg(jsonb_build_array(facility_id, distance) ORDER BY distance, facility_id) AS v FROM property_facilities GROUP BY property_id) pf
    ON pf.property_id = pp.property_id
) a
WHERE p.id = a.id;--> statement-breakpoint
ALTER TABLE "properties" ENABLE TRIGGER "properties_search_change_update";
