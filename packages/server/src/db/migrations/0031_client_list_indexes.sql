CREATE INDEX "clients_name_id_idx" ON "clients" USING btree ("name","id");--> statement-breakpoint
-- The admin client search matches a substring of the name or the client ID (clients/store.ts): trigram indexes let
-- PostgreSQL answer it without reading every client (docs/performance.md#query-plans). As for the user search
-- (0027), where pg_trgm is not installed or may not be created the search still works, by a scan.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS "clients_name_trgm_idx" ON "clients" USING gin ("name" gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS "clients_id_trgm_idx" ON "clients" USING gin ("id" gin_trgm_ops);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm could not be created: the admin client search scans the clients table';
    END;
  END IF;
END $$;
