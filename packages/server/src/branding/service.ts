import { bytesEtag, checkRasterImage, type RasterImageType } from '../app/uploaded-image.js';
import type { SettingsService } from '../config/settings.js';
import type { Db } from '../db/client.js';
import { brandingError } from './errors.js';
import { type BrandImageMeta, BrandingStore, type BrandRow } from './store.js';
import { LOGO_CSS, sanitizeCustomCss, themeCss, UnsafeStylesheetError } from './stylesheet.js';

/** Largest brand image accepted (a logo or favicon): plenty for a crisp logo, small enough for a database row. */
export const MAX_BRAND_IMAGE_BYTES = 256 * 1024;

export const BRAND_IMAGE_KINDS = ['logo', 'logo-dark', 'favicon'] as const;
export type BrandImageKind = (typeof BRAND_IMAGE_KINDS)[number];

export const GLOBAL_SCOPE = 'global';

export interface BrandImage {
  contentType: string;
  byteLength: number;
  etag: string;
  updatedAt: Date;
  /** Whose image it is: the organization's own, or the deployment's that it falls back to. */
  scope: string;
}

/** The brand in effect for one sign-in: the deployment's, with an organization's overrides on top. */
export interface EffectiveBrand {
  organizationId: string | null;
  productName: string;
  primaryColor: string | null;
  images: Partial<Record<BrandImageKind, BrandImage>>;
  /** What /branding/custom.css serves for it: the colour's variables, then the deployment's stylesheet. */
  stylesheet: string;
}

/** The stored brand of one scope as the admin portal edits it (no fallbacks). */
export interface StoredBrand {
  organizationId: string | null;
  productName: string | null;
  primaryColor: string | null;
  customCss: string | null;
  images: Partial<Record<BrandImageKind, BrandImage>>;
  updatedAt: Date | null;
}

/** Who asked: an organization that an authorization request named, if any; answered by the oauth slice. */
export type RequestOrganizationLookup = (requestId: string) => Promise<string | null>;

/**
 * The pending authorization request's organization hint, for the sign-in pages' brand. The oauth slice, listed
 * after this one, answers (oauth/services.ts); without an answer no request carries one.
 */
export class RequestOrganizations {
  private lookup: RequestOrganizationLookup | undefined;
  answerWith(lookup: RequestOrganizationLookup): void {
    this.lookup = lookup;
  }
  async of(requestId: string): Promise<string | null> {
    return this.lookup ? this.lookup(requestId) : null;
  }
}

const scopeOf = (organizationId: string | null) => organizationId ?? GLOBAL_SCOPE;

/** The brand of the hosted UI, the public port's pages and emails (docs/branding.md). */
export class BrandingService {
  private readonly store: BrandingStore;
  readonly requestOrganizations = new RequestOrganizations();

  constructor(
    db: Db,
    private readonly settings: SettingsService,
  ) {
    this.store = new BrandingStore(db);
  }

  private imagesOf(metas: BrandImageMeta[], scope: string) {
    const images: Partial<Record<BrandImageKind, BrandImage>> = {};
    for (const meta of metas) {
      if (meta.scope !== scope) continue;
      images[meta.kind as BrandImageKind] = {
        contentType: meta.contentType,
        byteLength: meta.byteLength,
        etag: meta.etag,
        updatedAt: meta.updatedAt,
        scope: meta.scope,
      };
    }
    return images;
  }

  /** The brand for a sign-in with this organization (null: the deployment's own). */
  async effective(organizationId: string | null): Promise<EffectiveBrand> {
    const scopes = organizationId ? [GLOBAL_SCOPE, organizationId] : [GLOBAL_SCOPE];
    const [rows, metas] = await Promise.all([this.store.brands(scopes), this.store.imageMetas(scopes)]);
    const global = rows.find((row) => row.scope === GLOBAL_SCOPE);
    const own = organizationId ? rows.find((row) => row.scope === organizationId) : undefined;
    const primaryColor = own?.primaryColor ?? global?.primaryColor ?? null;
    return {
      organizationId: own ? organizationId : null,
      productName: own?.productName ?? global?.productName ?? this.settings.get('product.name'),
      primaryColor,
      images: {
        ...this.imagesOf(metas, GLOBAL_SCOPE),
        ...(organizationId ? this.imagesOf(metas, organizationId) : {}),
      },
      stylesheet: `${themeCss(primaryColor)}${LOGO_CSS}${global?.customCss ? `\n${global.customCss}\n` : ''}`,
    };
  }

  /** The stored brand of one scope, for the admin portal. */
  async stored(organizationId: string | null): Promise<StoredBrand> {
    const scope = scopeOf(organizationId);
    const [[row], metas] = await Promise.all([this.store.brands([scope]), this.store.imageMetas([scope])]);
    return toStored(organizationId, row, this.imagesOf(metas, scope));
  }

  /**
   * Changes the brand's name, colour or stylesheet (undefined: unchanged, null: back to the fallback). The
   * stylesheet is sanitised here, so only checked text is ever stored.
   */
  async update(
    organizationId: string | null,
    changes: { productName?: string | null; primaryColor?: string | null; customCss?: string | null },
  ): Promise<{ before: StoredBrand; after: StoredBrand }> {
    const before = await this.stored(organizationId);
    let customCss = changes.customCss;
    if (typeof customCss === 'string') {
      try {
        customCss = sanitizeCustomCss(customCss);
      } catch (error) {
        if (error instanceof UnsafeStylesheetError) throw brandingError('unsafe_stylesheet', error.message);
        throw error;
      }
      if (customCss === '') customCss = null;
    }
    const primaryColor =
      typeof changes.primaryColor === 'string' ? changes.primaryColor.toLowerCase() : changes.primaryColor;
    const row = await this.store.upsertBrand(scopeOf(organizationId), organizationId, {
      ...(changes.productName !== undefined ? { productName: changes.productName } : {}),
      ...(primaryColor !== undefined ? { primaryColor } : {}),
      ...(customCss !== undefined ? { customCss } : {}),
    });
    return { before, after: toStored(organizationId, row, before.images) };
  }

  /** Stores (or replaces) one of the brand's images after checking its type, magic bytes and size. */
  async setImage(
    organizationId: string | null,
    kind: BrandImageKind,
    declaredType: string,
    bytes: Buffer,
  ): Promise<BrandImage> {
    const checked = checkRasterImage(declaredType, bytes, MAX_BRAND_IMAGE_BYTES, 'brand images');
    if (!('type' in checked)) {
      const code = {
        unsupported_type: 'unsupported_image_type',
        type_mismatch: 'image_type_mismatch',
        empty: 'image_empty',
        too_large: 'image_too_large',
      } as const;
      throw brandingError(code[checked.refusal], checked.message);
    }
    const scope = scopeOf(organizationId);
    await this.store.upsertBrand(scope, organizationId, {});
    const etag = bytesEtag(bytes);
    const contentType: RasterImageType = checked.type;
    const updatedAt = await this.store.upsertImage({ scope, kind, contentType, bytes, etag });
    return { contentType, byteLength: bytes.length, etag, updatedAt, scope };
  }

  /** Removes one of the brand's images; false when it had none. */
  async removeImage(organizationId: string | null, kind: BrandImageKind): Promise<boolean> {
    return this.store.deleteImage(scopeOf(organizationId), kind);
  }

  /** An image's bytes: the organization's own, else the deployment's; null when neither has one. */
  async readImage(
    organizationId: string | null,
    kind: BrandImageKind,
  ): Promise<{ contentType: string; bytes: Buffer; etag: string } | null> {
    const own = organizationId ? await this.store.image(organizationId, kind) : undefined;
    const row = own ?? (await this.store.image(GLOBAL_SCOPE, kind));
    return row ? { contentType: row.contentType, bytes: row.bytes, etag: row.etag } : null;
  }
}

function toStored(
  organizationId: string | null,
  row: BrandRow | undefined,
  images: Partial<Record<BrandImageKind, BrandImage>>,
): StoredBrand {
  return {
    organizationId,
    productName: row?.productName ?? null,
    primaryColor: row?.primaryColor ?? null,
    customCss: row?.customCss ?? null,
    images,
    updatedAt: row?.updatedAt ?? null,
  };
}

/** A short, URL-safe version of an image's bytes, for its cache-busting query. */
export function imageVersion(etag: string): string {
  return etag.slice(0, 16);
}
