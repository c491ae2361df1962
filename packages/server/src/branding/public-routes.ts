import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { PAGE_STYLESHEET } from '../app/html-page.js';
import { bytesEtag, matchesIfNoneMatch } from '../app/uploaded-image.js';
import { BrandImageKindSchema, imageResponses, OrganizationIdPattern, sendBrandImage } from './http.js';
import { imageVersion } from './service.js';
import { BrandView, brandView } from './view.js';

const BrandFileQuery = Type.Object({
  org: Type.Optional(Type.String({ pattern: OrganizationIdPattern, description: 'An organization’s brand' })),
  v: Type.Optional(Type.String({ maxLength: 64, description: 'Version from the file’s URL, for caching' })),
});

/**
 * The brand's files on the public port (docs/branding.md): images and the stylesheet are served from our own
 * origin, so the hosted UI's CSP (`img-src 'self'`, `style-src 'self'`) stays as strict as it is.
 */
export function registerBrandingPublicRoutes(app: App, context: AppContext): void {
  const brands = context.branding.brands;
  // The versioned URL names these exact bytes (RFC 8246); any other URL revalidates.
  const cacheFor = (version: string | undefined) => (etag: string) =>
    version === imageVersion(etag) ? 'public, max-age=31536000, immutable' : 'public, no-cache';

  const pageEtag = bytesEtag(PAGE_STYLESHEET);
  app.get(
    '/branding/page.css',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hosted-ui'],
        summary:
          'The look of the public port’s server-rendered pages (error pages), under the brand’s stylesheet',
        response: {
          200: { description: 'The stylesheet', content: { 'text/css': { schema: Type.String() } } },
          304: { description: 'Not modified', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      reply.header('etag', `"${pageEtag}"`).header('cache-control', 'public, max-age=3600');
      if (matchesIfNoneMatch(request.headers['if-none-match'], pageEtag))
        return reply.code(304).send(undefined as never);
      return reply.code(200).type('text/css; charset=utf-8').send(PAGE_STYLESHEET);
    },
  );

  app.get(
    '/branding/custom.css',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hosted-ui'],
        summary: 'The brand’s stylesheet: the primary colour’s variables, then the sanitised custom CSS',
        querystring: BrandFileQuery,
        response: {
          200: { description: 'The stylesheet', content: { 'text/css': { schema: Type.String() } } },
          304: { description: 'Not modified', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const brand = await brands.effective(request.query.org ?? null);
      const etag = bytesEtag(brand.stylesheet);
      reply
        .header('etag', `"${etag}"`)
        .header('cache-control', cacheFor(request.query.v)(etag))
        .header('x-content-type-options', 'nosniff');
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag))
        return reply.code(304).send(undefined as never);
      return reply.code(200).type('text/css; charset=utf-8').send(brand.stylesheet);
    },
  );

  app.get(
    '/branding/:kind',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hosted-ui'],
        summary: 'One of the brand’s images: logo, logo-dark or favicon (404 when it is not set)',
        params: Type.Object({ kind: BrandImageKindSchema }),
        querystring: BrandFileQuery,
        response: imageResponses,
      },
    },
    (request, reply) =>
      sendBrandImage(
        brands,
        request.query.org ?? null,
        request.params.kind,
        request,
        reply,
        cacheFor(request.query.v),
      ),
  );

  app.get(
    '/api/user/branding',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hosted-ui'],
        summary:
          'The brand the hosted UI shows: the deployment’s, or the organization’s that the authorization request names',
        querystring: Type.Object({
          request_id: Type.Optional(
            Type.String({ maxLength: 200, description: 'The pending authorization request' }),
          ),
        }),
        response: { 200: BrandView },
      },
    },
    async (request, reply) => {
      const requestId = request.query.request_id;
      const organizationId = requestId ? await brands.requestOrganizations.of(requestId) : null;
      reply.header('cache-control', 'no-store');
      return brandView(await brands.effective(organizationId));
    },
  );
}
