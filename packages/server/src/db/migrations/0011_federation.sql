CREATE TABLE "federated_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text,
	"linked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text,
	"discovery_url" text,
	"authorization_endpoint" text NOT NULL,
	"token_endpoint" text NOT NULL,
	"jwks_uri" text NOT NULL,
	"userinfo_endpoint" text,
	"scopes" jsonb NOT NULL,
	"claim_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"account_linking_policy" text DEFAULT 'email_verified' NOT NULL,
	"jit_provisioning" boolean DEFAULT false NOT NULL,
	"trust_upstream_mfa" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_domains" (
	"connection_id" text NOT NULL,
	"domain" text NOT NULL,
	"challenge" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"connection_id" text NOT NULL,
	"secrets_sealed" text NOT NULL,
	"request_id" text,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federated_identities" ADD CONSTRAINT "federated_identities_connection_id_federation_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."federation_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federated_identities" ADD CONSTRAINT "federated_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_domains" ADD CONSTRAINT "federation_domains_connection_id_federation_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."federation_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_flows" ADD CONSTRAINT "federation_flows_connection_id_federation_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."federation_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federated_identities_subject_idx" ON "federated_identities" USING btree ("connection_id","subject");--> statement-breakpoint
CREATE INDEX "federated_identities_user_idx" ON "federated_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_domains_connection_domain_idx" ON "federation_domains" USING btree ("connection_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_domains_verified_idx" ON "federation_domains" USING btree ("domain") WHERE verified_at is not null;--> statement-breakpoint
CREATE INDEX "federation_flows_expires_idx" ON "federation_flows" USING btree ("expires_at");