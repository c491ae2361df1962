import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { brandImages, brands } from './tables.js';

export type BrandRow = typeof brands.$inferSelect;
export type BrandImageRow = typeof brandImages.$inferSelect;
export interface BrandImageMeta {
  scope: string;
  kind: string;
  contentType: string;
  byteLength: number;
  etag: string;
  updatedAt: Date;
}

/** SQL for the brands and their images. */
export class BrandingStore {
  constructor(private readonly db: Db) {}

  async brands(scopes: string[]): Promise<BrandRow[]> {
    return this.db.select().from(brands).where(inArray(brands.scope, scopes));
  }

  async imageMetas(scopes: string[]): Promise<BrandImageMeta[]> {
    return this.db
      .select({
        scope: brandImages.scope,
        kind: brandImages.kind,
        contentType: brandImages.contentType,
        byteLength: sql<number>`octet_length(${brandImages.bytes})`.mapWith(Number),
        etag: brandImages.etag,
        updatedAt: brandImages.updatedAt,
      })
      .from(brandImages)
      .where(inArray(brandImages.scope, scopes));
  }

  async image(scope: string, kind: string): Promise<BrandImageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(brandImages)
      .where(and(eq(brandImages.scope, scope), eq(brandImages.kind, kind)));
    return row;
  }

  /** Creates the brand's row when missing, then changes the given columns. */
  async upsertBrand(
    scope: string,
    organizationId: string | null,
    changes: Partial<Pick<BrandRow, 'productName' | 'primaryColor' | 'customCss'>>,
  ): Promise<BrandRow> {
    const updatedAt = new Date();
    const [row] = await this.db
      .insert(brands)
      .values({ scope, organizationId, ...changes, updatedAt })
      .onConflictDoUpdate({ target: brands.scope, set: { ...changes, updatedAt } })
      .returning();
    return row!;
  }

  async upsertImage(image: Omit<BrandImageRow, 'updatedAt'>): Promise<Date> {
    const updatedAt = new Date();
    await this.db
      .insert(brandImages)
      .values({ ...image, updatedAt })
      .onConflictDoUpdate({
        target: [brandImages.scope, brandImages.kind],
        set: { contentType: image.contentType, bytes: image.bytes, etag: image.etag, updatedAt },
      });
    return updatedAt;
  }

  async deleteImage(scope: string, kind: string): Promise<boolean> {
    const removed = await this.db
      .delete(brandImages)
      .where(and(eq(brandImages.scope, scope), eq(brandImages.kind, kind)))
      .returning({ kind: brandImages.kind });
    return removed.length > 0;
  }
}
