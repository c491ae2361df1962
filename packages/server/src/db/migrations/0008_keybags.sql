CREATE TABLE "keybag_envelopes" (
	"user_id" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"scheme" integer NOT NULL,
	"alg" text NOT NULL,
	"kdf" text NOT NULL,
	"kdf_salt" text,
	"kdf_info" text,
	"ciphertext" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"credential_id" text,
	"prf_salt" text,
	"device_id" text,
	"status" text DEFAULT 'usable' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "keybag_envelopes_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "keybags" (
	"user_id" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"version" integer NOT NULL,
	"scheme" integer NOT NULL,
	"key_check" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"last_unlocked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "legacy_wrapped_drks" (
	"user_id" text NOT NULL,
	"client_id" text NOT NULL,
	"ciphertext" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_wrapped_drks_user_id_client_id_pk" PRIMARY KEY("user_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "user_encryption_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"kid" text NOT NULL,
	"public_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wrapped_private" jsonb,
	"private_updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "keybag_envelopes" ADD CONSTRAINT "keybag_envelopes_user_id_keybags_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."keybags"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keybags" ADD CONSTRAINT "keybags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_wrapped_drks" ADD CONSTRAINT "legacy_wrapped_drks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_wrapped_drks" ADD CONSTRAINT "legacy_wrapped_drks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_encryption_keys" ADD CONSTRAINT "user_encryption_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;