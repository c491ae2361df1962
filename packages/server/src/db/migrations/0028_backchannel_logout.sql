CREATE TABLE "backchannel_logout_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"client_id" text NOT NULL,
	"subject" text NOT NULL,
	"session_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text
);
--> statement-breakpoint
DROP INDEX "sessions_public_id_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "backchannel_logout_uri" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "backchannel_logout_session_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "logout_ends_offline_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "backchannel_logout_deliveries" ADD CONSTRAINT "backchannel_logout_deliveries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backchannel_logout_deliveries_due" ON "backchannel_logout_deliveries" USING btree ("next_attempt_at") WHERE "backchannel_logout_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "backchannel_logout_deliveries_client" ON "backchannel_logout_deliveries" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "sessions_public_id_idx" ON "sessions" USING btree ("public_id");