ALTER TABLE "passkey_credentials" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "passkey_ceremonies" ADD COLUMN "kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "passkey_ceremonies" ADD COLUMN "admin_user_id" text;--> statement-breakpoint
ALTER TABLE "passkey_credentials" ADD COLUMN "kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "passkey_credentials" ADD COLUMN "admin_user_id" text;--> statement-breakpoint
ALTER TABLE "passkey_ceremonies" ADD CONSTRAINT "passkey_ceremonies_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_credentials" ADD CONSTRAINT "passkey_credentials_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_credentials_admin_idx" ON "passkey_credentials" USING btree ("admin_user_id");--> statement-breakpoint
ALTER TABLE "passkey_credentials" ADD CONSTRAINT "passkey_credentials_owner" CHECK (("passkey_credentials"."kind" = 'user' and "passkey_credentials"."user_id" is not null and "passkey_credentials"."admin_user_id" is null) or ("passkey_credentials"."kind" = 'admin' and "passkey_credentials"."admin_user_id" is not null and "passkey_credentials"."user_id" is null));