import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { RASTER_IMAGE_TYPES, rawBodyReader } from '../app/uploaded-image.js';
import { isForeignKeyViolation } from '../db/errors.js';
import { brandingError } from './errors.js';
import {
  BrandImageKindSchema,
  imageResponses,
  OrganizationIdPattern,
  publicImagePath,
  sendBrandImage,
} from './http.js';
import { type BrandImage, type BrandImageKind, MAX_BRAND_IMAGE_BYTES, type StoredBrand } from './service.js';
import { MAX_CUSTOM_CSS_BYTES } from './stylesheet.js';

const ScopeQuery = Type.Object({
  organization_id: Type.Optional(
    Type.String({
      pattern: OrganizationIdPattern,
      description: 'An organization’s overrides; absent: the deployment’s brand',
    }),
  ),
});

const ImageView = Type.Object({
  content_type: Type.String(),
  size_bytes: Type.Integer(),
  etag: Type.String(),
  updated_at: Type.String({ format: 'date-time' }),
  url: Type.String({ description: 'Its path on the public port (versioned)' }),
});

const AdminBrandView = Type.Object({
  organization_id: Type.Union([Type.String(), Type.Null()]),
  product_name: Type.Union([Type.String(), Type.Null()], { description: 'null: the product.name setting' }),
  primary_color: Type.Union([Type.String(), Type.Null()]),
  custom_css: Type.Union([Type.String(), Type.Null()], {
    description: 'Deployment only; as sanitised and served',
  }),
  logo: Type.Union([ImageView, Type.Null()]),
  logo_dark: Type.Union([ImageView, Type.Null()]),
  favicon: Type.Union([ImageView, Type.Null()]),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const BrandChanges = Type.Object(
  {
    product_name: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 80 }), Type.Null()])),
    primary_color: Type.Optional(
      Type.Union([Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: 'e.g. #0a7f5a' }), Type.Null()]),
    ),
    custom_css: Type.Optional(Type.Union([Type.String({ maxLength: MAX_CUSTOM_CSS_BYTES }), Type.Null()])),
  },
  { additionalProperties: false },
);

function imageView(kind: BrandImageKind, image: BrandImage | undefined) {
  if (!image) return null;
  return {
    content_type: image.contentType,
    size_bytes: image.byteLength,
    etag: image.etag,
    updated_at: image.updatedAt.toISOString(),
    url: publicImagePath(kind, image),
  };
}

function adminBrandView(brand: StoredBrand) {
  return {
    organization_id: brand.organizationId,
    product_name: brand.productName,
    primary_color: brand.primaryColor,
    custom_css: brand.customCss,
    logo: imageView('logo', brand.images.logo),
    logo_dark: imageView('logo-dark', brand.images['logo-dark']),
    favicon: imageView('favicon', brand.images.favicon),
    updated_at: brand.updatedAt?.toISOString() ?? null,
  };
}

const noOrganization = () => appError('not_found', 'no such organization');
const translate = (error: unknown): never => {
  if (isForeignKeyViolation(error)) throw noOrganization();
  throw error;
};

/** The brand on the admin port: read, change (write admins), images uploaded as raw bodies; every change audited. */
export function registerBrandingAdminRoutes(app: App, context: AppContext): void {
  const brands = context.branding.brands;
  const target = (organizationId: string | null) =>
    organizationId ? { type: 'organization', id: organizationId } : { type: 'brand', id: 'global' };

  app.get(
    '/admin/branding',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-branding'],
        summary: 'The deployment’s brand, or an organization’s overrides',
        querystring: ScopeQuery,
        response: { 200: AdminBrandView },
      },
    },
    async (request) => adminBrandView(await brands.stored(request.query.organization_id ?? null)),
  );

  app.patch(
    '/admin/branding',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-branding'],
        summary: 'Changes the brand’s name, primary colour or custom stylesheet (null: back to the default)',
        querystring: ScopeQuery,
        body: BrandChanges,
        response: { 200: AdminBrandView, ...errorResponses('unsafe_stylesheet', 'not_found') },
      },
    },
    async (request) => {
      const organizationId = request.query.organization_id ?? null;
      const { product_name, primary_color, custom_css } = request.body;
      if (organizationId && custom_css !== undefined && custom_css !== null) {
        throw brandingError('unsafe_stylesheet', 'a custom stylesheet is set for the whole deployment only');
      }
      const { after } = await auditedAdminChange(
        context,
        request,
        () =>
          brands
            .update(organizationId, {
              productName: product_name,
              primaryColor: primary_color,
              customCss: custom_css,
            })
            .catch(translate),
        ({ before, after }) => ({
          action: 'branding.updated',
          target: target(organizationId),
          details: {
            changes: Object.fromEntries(
              (['productName', 'primaryColor', 'customCss'] as const)
                .filter((key) => before[key] !== after[key])
                .map((key) => [
                  key,
                  // The stylesheet can be long: its size, not its text.
                  key === 'customCss'
                    ? { from_bytes: before.customCss?.length ?? 0, to_bytes: after.customCss?.length ?? 0 }
                    : { from: before[key], to: after[key] },
                ]),
            ),
          },
        }),
      );
      return adminBrandView(after);
    },
  );

  app.register(async (scope: App) => {
    // Encapsulated, so only this route reads image types as raw bytes.
    scope.addContentTypeParser(
      '*',
      rawBodyReader(MAX_BRAND_IMAGE_BYTES, () =>
        brandingError('image_too_large', `brand images may be at most ${MAX_BRAND_IMAGE_BYTES / 1024} KiB`),
      ),
    );
    scope.put(
      '/admin/branding/images/:kind',
      {
        config: { access: 'admin-write' },
        schema: {
          tags: ['admin-branding'],
          summary: `Uploads or replaces a brand image: the raw image as the body (${RASTER_IMAGE_TYPES.join(', ')}; at most ${MAX_BRAND_IMAGE_BYTES / 1024} KiB; never SVG)`,
          params: Type.Object({ kind: BrandImageKindSchema }),
          querystring: ScopeQuery,
          body: {
            content: Object.fromEntries(
              RASTER_IMAGE_TYPES.map((type) => [type, { schema: { description: 'The image file’s bytes' } }]),
            ),
          },
          response: {
            200: ImageView,
            ...errorResponses(
              'image_too_large',
              'unsupported_image_type',
              'image_type_mismatch',
              'image_empty',
              'not_found',
            ),
          },
        },
      },
      async (request) => {
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes)) {
          throw brandingError('unsupported_image_type', 'send the image itself as the body, with its type');
        }
        const organizationId = request.query.organization_id ?? null;
        const { kind } = request.params;
        const image = await auditedAdminChange(
          context,
          request,
          () =>
            brands
              .setImage(organizationId, kind, request.headers['content-type'] ?? '', bytes)
              .catch(translate),
          // Metadata only: the image itself never goes into the audit log.
          (stored) => ({
            action: 'branding.image_uploaded',
            target: target(organizationId),
            details: {
              kind,
              content_type: stored.contentType,
              size_bytes: stored.byteLength,
              sha256: stored.etag,
            },
          }),
        );
        return imageView(kind, image)!;
      },
    );
  });

  app.delete(
    '/admin/branding/images/:kind',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-branding'],
        summary: 'Removes a brand image (the deployment’s, or the product name alone, shows again)',
        params: Type.Object({ kind: BrandImageKindSchema }),
        querystring: ScopeQuery,
        response: { 204: noContentResponse('Removed'), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const organizationId = request.query.organization_id ?? null;
      const { kind } = request.params;
      await auditedAdminChange(
        context,
        request,
        async () => {
          if (!(await brands.removeImage(organizationId, kind)))
            throw appError('not_found', `no ${kind} is set`);
        },
        { action: 'branding.image_removed', target: target(organizationId), details: { kind } },
      );
      return noContent(reply);
    },
  );

  app.get(
    '/admin/branding/images/:kind',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-branding'],
        summary:
          'A brand image for the portal’s preview (the scope’s own, else the deployment’s; 404 when none)',
        params: Type.Object({ kind: BrandImageKindSchema }),
        querystring: Type.Object({
          ...ScopeQuery.properties,
          v: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: imageResponses,
      },
    },
    (request, reply) =>
      sendBrandImage(
        brands,
        request.query.organization_id ?? null,
        request.params.kind,
        request,
        reply,
        () => 'private, no-cache',
      ),
  );
}
