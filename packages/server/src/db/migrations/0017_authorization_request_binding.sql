ALTER TABLE "authorization_requests" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD CONSTRAINT "authorization_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorization_requests_user_idx" ON "authorization_requests" USING btree ("user_id");