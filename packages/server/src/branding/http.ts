import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { appError, errorResponses } from '../app/errors.js';
import { matchesIfNoneMatch, RASTER_IMAGE_TYPES } from '../app/uploaded-image.js';
import {
  BRAND_IMAGE_KINDS,
  type BrandImage,
  type BrandImageKind,
  type BrandingService,
  imageVersion,
} from './service.js';

/** A brand image is only ever an image: opened as a document, it may load, run and frame nothing. */
export const IMAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const OrganizationIdPattern = '^[A-Za-z0-9_-]{1,64}$';

export const BrandImageKindSchema = Type.Union(BRAND_IMAGE_KINDS.map((kind) => Type.Literal(kind)));

export const imageResponses = {
  200: {
    description: 'The image, with its stored content type, an ETag and Cache-Control',
    content: Object.fromEntries(
      RASTER_IMAGE_TYPES.map((type) => [type, { schema: Type.String({ format: 'binary' }) }]),
    ),
  },
  304: { description: 'Not modified: the If-None-Match validator matches the current image', type: 'null' },
  ...errorResponses('not_found'),
} as const;

/** The image's same-origin path on the public port, versioned by its bytes. */
export function publicImagePath(kind: BrandImageKind, image: BrandImage): string {
  const organization = image.scope === 'global' ? '' : `org=${encodeURIComponent(image.scope)}&`;
  return `/branding/${kind}?${organization}v=${imageVersion(image.etag)}`;
}

/** Serves one of a brand's images: 404 when there is none, 304 when the browser's copy is current. */
export async function sendBrandImage(
  brands: BrandingService,
  organizationId: string | null,
  kind: BrandImageKind,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: (etag: string) => string,
) {
  const image = await brands.readImage(organizationId, kind);
  if (!image) throw appError('not_found', `no ${kind} is set`);
  reply
    .header('content-security-policy', IMAGE_CONTENT_SECURITY_POLICY)
    .header('etag', `"${image.etag}"`)
    .header('cache-control', cacheControl(image.etag));
  if (matchesIfNoneMatch(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
  return reply.code(200).type(image.contentType).send(image.bytes);
}
