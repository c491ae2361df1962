CREATE TABLE "brand_images" (
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_images_scope_kind_pk" PRIMARY KEY("scope","kind")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"scope" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"product_name" text,
	"primary_color" text,
	"custom_css" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_organization_id_unique" UNIQUE("organization_id"),
	CONSTRAINT "brands_scope_matches_organization" CHECK (("brands"."scope" = 'global' and "brands"."organization_id" is null) or "brands"."scope" = "brands"."organization_id")
);
--> statement-breakpoint
ALTER TABLE "brand_images" ADD CONSTRAINT "brand_images_scope_brands_scope_fk" FOREIGN KEY ("scope") REFERENCES "public"."brands"("scope") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;