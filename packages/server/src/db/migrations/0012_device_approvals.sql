CREATE TABLE "device_approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pickup_token_hash" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"approval" jsonb,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_approvals" ADD CONSTRAINT "device_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_approvals_pickup_token_idx" ON "device_approvals" USING btree ("pickup_token_hash");--> statement-breakpoint
CREATE INDEX "device_approvals_user_idx" ON "device_approvals" USING btree ("user_id","expires_at");