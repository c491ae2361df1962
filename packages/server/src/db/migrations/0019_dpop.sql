CREATE TABLE "dpop_proofs" (
	"jkt" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dpop_proofs_jkt_jti_pk" PRIMARY KEY("jkt","jti")
);
--> statement-breakpoint
ALTER TABLE "authorization_codes" ADD COLUMN "dpop_jkt" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "dpop_bound_access_tokens" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "dpop_jkt" text;--> statement-breakpoint
CREATE INDEX "dpop_proofs_expires_idx" ON "dpop_proofs" USING btree ("expires_at");