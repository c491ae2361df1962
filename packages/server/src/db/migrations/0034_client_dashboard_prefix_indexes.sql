CREATE INDEX "clients_dashboard_idx" ON "clients" USING btree ("name","id") WHERE "clients"."show_on_dashboard" and "clients"."app_url" <> '';--> statement-breakpoint
CREATE INDEX "clients_name_prefix_idx" ON "clients" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_id_prefix_idx" ON "clients" USING btree (lower("id") text_pattern_ops);