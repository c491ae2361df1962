CREATE TABLE "otp_backup_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"factor_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otp_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"admin_user_id" text,
	"status" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"algorithm" text NOT NULL,
	"digits" integer NOT NULL,
	"period" integer NOT NULL,
	"last_step" bigint,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_up_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "otp_backup_codes" ADD CONSTRAINT "otp_backup_codes_factor_id_otp_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "public"."otp_factors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_factors" ADD CONSTRAINT "otp_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_factors" ADD CONSTRAINT "otp_factors_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_backup_codes_factor_idx" ON "otp_backup_codes" USING btree ("factor_id");--> statement-breakpoint
CREATE INDEX "otp_factors_user_idx" ON "otp_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "otp_factors_admin_idx" ON "otp_factors" USING btree ("admin_user_id");