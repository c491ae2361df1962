-- The admin list of dynamically registered clients pages newest first by (registered_at, client_id), read
-- backwards from this index (client-registration/store.ts); without it each page sorted every registration.
CREATE INDEX IF NOT EXISTS "client_registrations_registered_idx" ON "client_registrations" USING btree ("registered_at","client_id");