-- A list of audit events with a time range reads its page from the (at, id) index in (at desc, id desc) order
-- instead of walking the primary key back through every later event (audit/audit-log.ts,
-- docs/performance.md#query-plans); the index on `at` alone has nothing left to do.
-- IF NOT EXISTS: an operator with a large log may build it first, CONCURRENTLY (docs/upgrading.md).
CREATE INDEX IF NOT EXISTS "audit_events_at_id_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
DROP INDEX "audit_events_at_idx";
