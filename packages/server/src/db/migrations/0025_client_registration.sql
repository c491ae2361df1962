CREATE TABLE "client_registrations" (
	"client_id" text PRIMARY KEY NOT NULL,
	"registration_token_hash" text NOT NULL,
	"initial_access_token_id" text,
	"method" text NOT NULL,
	"software_id" text,
	"software_version" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_from" text
);
--> statement-breakpoint
CREATE TABLE "initial_access_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "initial_access_tokens_uses_check" CHECK ("initial_access_tokens"."max_uses" IS NULL OR "initial_access_tokens"."uses" <= "initial_access_tokens"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "client_registrations" ADD CONSTRAINT "client_registrations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_registrations" ADD CONSTRAINT "client_registrations_initial_access_token_id_initial_access_tokens_id_fk" FOREIGN KEY ("initial_access_token_id") REFERENCES "public"."initial_access_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_registrations_token_idx" ON "client_registrations" USING btree ("registration_token_hash");--> statement-breakpoint
CREATE INDEX "client_registrations_initial_token_idx" ON "client_registrations" USING btree ("initial_access_token_id");--> statement-breakpoint
CREATE UNIQUE INDEX "initial_access_tokens_hash_idx" ON "initial_access_tokens" USING btree ("token_hash");