-- The admin user search matches a substring of the email or the name (accounts/users.ts): trigram indexes let
-- PostgreSQL answer it without reading every user (docs/performance.md#query-plans). pg_trgm is a trusted
-- extension of PostgreSQL's contrib package; where it is not installed or may not be created (and on the embedded
-- database, which has no pg_trgm) the search still works, by a scan.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email_normalized" gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm could not be created: the admin user search scans the users table';
    END;
  END IF;
END $$;
