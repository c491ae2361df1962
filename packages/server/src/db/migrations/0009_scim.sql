CREATE TABLE "scim_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"organization_id" text NOT NULL,
	"deprovisioning" text DEFAULT 'suspend' NOT NULL,
	"link_by_verified_email" boolean DEFAULT false NOT NULL,
	"unknown_groups" text DEFAULT 'ignore' NOT NULL,
	"role_mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scim_group_members" (
	"group_id" text NOT NULL,
	"scim_user_id" text NOT NULL,
	CONSTRAINT "scim_group_members_group_id_scim_user_id_pk" PRIMARY KEY("group_id","scim_user_id")
);
--> statement-breakpoint
CREATE TABLE "scim_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"display_name" text NOT NULL,
	"display_name_normalized" text NOT NULL,
	"external_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scim_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scim_users" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"user_id" text NOT NULL,
	"owned" boolean NOT NULL,
	"user_name" text NOT NULL,
	"user_name_normalized" text NOT NULL,
	"external_id" text,
	"display_name" text,
	"active" boolean DEFAULT true NOT NULL,
	"email_index" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "scim_connections" ADD CONSTRAINT "scim_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_group_id_scim_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."scim_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_scim_user_id_scim_users_id_fk" FOREIGN KEY ("scim_user_id") REFERENCES "public"."scim_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_connection_id_scim_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."scim_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_connection_id_scim_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."scim_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_connection_id_scim_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."scim_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_group_members_user_idx" ON "scim_group_members" USING btree ("scim_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_groups_display_name_idx" ON "scim_groups" USING btree ("connection_id","display_name_normalized");--> statement-breakpoint
CREATE INDEX "scim_groups_external_id_idx" ON "scim_groups" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_hash_idx" ON "scim_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "scim_tokens_connection_idx" ON "scim_tokens" USING btree ("connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_users_user_name_idx" ON "scim_users" USING btree ("connection_id","user_name_normalized") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "scim_users_account_idx" ON "scim_users" USING btree ("connection_id","user_id");--> statement-breakpoint
CREATE INDEX "scim_users_external_id_idx" ON "scim_users" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "scim_users_user_idx" ON "scim_users" USING btree ("user_id");