CREATE TABLE "client_assertion_jtis" (
	"client_id" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_assertion_jtis_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
CREATE TABLE "pushed_authorization_requests" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "token_endpoint_auth_method" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "jwks" jsonb;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "jwks_uri" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "require_pushed_authorization_requests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_assertion_jtis" ADD CONSTRAINT "client_assertion_jtis_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushed_authorization_requests" ADD CONSTRAINT "pushed_authorization_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_assertion_jtis_expires_idx" ON "client_assertion_jtis" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "pushed_authorization_requests_expires_idx" ON "pushed_authorization_requests" USING btree ("expires_at");