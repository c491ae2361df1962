CREATE INDEX "email_tokens_expires_idx" ON "email_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "opaque_logins_expires_idx" ON "opaque_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "pending_registrations_expires_idx" ON "pending_registrations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_end_idx" ON "sessions" USING btree (least("ended_at", "idle_expires_at", "absolute_expires_at"));--> statement-breakpoint
CREATE INDEX "authorization_codes_expires_idx" ON "authorization_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "authorization_requests_expires_idx" ON "authorization_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "grants_end_idx" ON "grants" USING btree (least("revoked_at", "expires_at"));--> statement-breakpoint
CREATE INDEX "organization_members_invite_expires_idx" ON "organization_members" USING btree ("invite_expires_at") WHERE status = 'invited';