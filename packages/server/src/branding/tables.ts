import { sql } from 'drizzle-orm';
import { check, customType, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/tables.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Raw bytes (`bytea`); PGlite returns a Uint8Array and node-postgres a Buffer, so reads are normalized to Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The brand of the hosted UI and emails (docs/branding.md): the deployment's (`scope` 'global') and an
 * organization's overrides (`scope` its id, removed with it). Null columns fall back to the deployment's brand,
 * and its product name to the `product.name` setting.
 */
export const brands = pgTable(
  'brands',
  {
    scope: text('scope').primaryKey(),
    organizationId: text('organization_id')
      .unique()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productName: text('product_name'),
    primaryColor: text('primary_color'),
    /** Already sanitised (branding/stylesheet.ts): exactly the text /branding/custom.css serves. */
    customCss: text('custom_css'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'brands_scope_matches_organization',
      sql`(${table.scope} = 'global' and ${table.organizationId} is null) or ${table.scope} = ${table.organizationId}`,
    ),
  ],
);

/** A brand's images (logo, dark logo, favicon), served from our own origin under /branding/. */
export const brandImages = pgTable(
  'brand_images',
  {
    scope: text('scope')
      .notNull()
      .references(() => brands.scope, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    etag: text('etag').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.kind] })],
);
