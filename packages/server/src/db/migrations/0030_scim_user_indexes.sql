-- SCIM filters on `emails` (scim/store.ts) probe the GIN index instead of reading every user of the connection, and
-- an unfiltered list reads its page in order from the listing index (docs/performance.md#query-plans).
CREATE INDEX "scim_users_email_idx" ON "scim_users" USING gin ("email_index" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "scim_users_listing_idx" ON "scim_users" USING btree ("connection_id","created_at","id") WHERE deleted_at is null;