CREATE TABLE "property_search_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "property_search_changes_xid_idx" ON "property_search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "property_search_changes_changed_idx" ON "property_search_changes" USING btree ("changed_at");--> statement-breakpoint
-- Every statement that inserts, updates or deletes listings notes the ids of those that were or
-- are listed (a pending listing's edits do not matter to search), in the writer's transaction.
CREATE FUNCTION "properties_note_search_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO property_search_changes (property_id) SELECT id FROM new_rows WHERE status = 1 AND request_status = 'approved';
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO property_search_changes (property_id) SELECT id FROM old_rows WHERE status = 1 AND request_status = 'approved';
  ELSE
    INSERT INTO property_search_changes (property_id)
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status = 1 AND n.request_status = 'approved') OR (o.status = 1 AND o.request_status = 'approved');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "properties_search_change_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_note_search_change"();--> statement-breakpoint
CREATE TRIGGER "properties_search_change_update" AFTER UPDATE ON "properties" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_note_search_change"();--> statement-breakpoint
CREATE TRIGGER "properties_search_change_delete" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "properties_note_search_change"();
