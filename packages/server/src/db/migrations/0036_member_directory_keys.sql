ALTER TABLE "organization_members" ADD COLUMN "user_email_normalized" text;--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "user_name_lower" text;--> statement-breakpoint
-- The organization users directory's keys (orgs/directory.ts): each membership holds its user's address and
-- lower-cased name, kept equal to them by these triggers, so that no write path can leave them behind.
CREATE FUNCTION "organization_members_directory_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NULL THEN
    NEW.user_email_normalized := NULL;
    NEW.user_name_lower := NULL;
  ELSE
    -- FOR SHARE: a concurrent change of the user's address or name waits for this transaction, or this one for it
    -- (reading the version it committed), so the copy is never of a version being replaced.
    SELECT u.email_normalized, lower(u.name) INTO NEW.user_email_normalized, NEW.user_name_lower
      FROM users u WHERE u.id = NEW.user_id FOR SHARE;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "organization_members_directory_keys" BEFORE INSERT OR UPDATE OF "user_id" ON "organization_members"
  FOR EACH ROW EXECUTE FUNCTION "organization_members_directory_keys"();--> statement-breakpoint
CREATE FUNCTION "users_member_directory_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organization_members SET user_email_normalized = NEW.email_normalized, user_name_lower = lower(NEW.name)
    WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_member_directory_keys" AFTER UPDATE OF "email_normalized", "name" ON "users"
  FOR EACH ROW WHEN (OLD.email_normalized IS DISTINCT FROM NEW.email_normalized OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION "users_member_directory_keys"();--> statement-breakpoint
UPDATE "organization_members" AS m SET "user_email_normalized" = u.email_normalized, "user_name_lower" = lower(u.name)
  FROM "users" AS u WHERE u.id = m.user_id;--> statement-breakpoint
CREATE INDEX "organization_members_directory_email_idx" ON "organization_members" USING btree ("organization_id","user_email_normalized" text_pattern_ops) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "organization_members_directory_name_idx" ON "organization_members" USING btree ("organization_id","user_name_lower" text_pattern_ops) WHERE status = 'active';