import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { userSessionAccess } from '../accounts/session-http.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { messagePage } from '../app/html-page.js';
import { fillPageText, PAGE_MESSAGES } from '../app/page-messages.js';
import { organizationHint, pageBrand } from '../branding/view.js';
import { publicIconPath } from '../clients/icon.js';
import {
  DEFAULT_UI_LOCALE,
  isUiLocale,
  requestUiLocale,
  type UiLocale,
  uiLocaleFromParameter,
} from '../config/ui-locales.js';
import { AUTHORIZATION_ERROR_CODES, ERROR_PAGE_CODES } from '../protocol/oauth/errors.js';
import type { AuthorizeParameters } from './authorize-request.js';
import { BrowserBinding } from './browser-binding.js';

const AuthorizeQuery = Type.Object(
  {
    client_id: Type.Optional(Type.String()),
    redirect_uri: Type.Optional(Type.String()),
    response_type: Type.Optional(Type.String()),
    scope: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    nonce: Type.Optional(Type.String({ maxLength: 512 })),
    code_challenge: Type.Optional(Type.String()),
    code_challenge_method: Type.Optional(Type.String()),
    prompt: Type.Optional(Type.String()),
    max_age: Type.Optional(Type.String()),
    login_hint: Type.Optional(Type.String({ maxLength: 320 })),
    id_token_hint: Type.Optional(Type.String({ maxLength: 8192 })),
    organization_id: Type.Optional(Type.String({ maxLength: 200 })),
    zk_pub: Type.Optional(Type.String({ maxLength: 1024 })),
    dpop_jkt: Type.Optional(Type.String({ maxLength: 128 })),
  },
  // RFC 6749 §3.1: unknown parameters are ignored.
  { additionalProperties: true },
);

const htmlError = {
  description:
    'The request cannot be sent back to the application (client or redirect URI not verified, RFC 6749 ' +
    `§4.1.2.1): an error page naming one of ${ERROR_PAGE_CODES.join(', ')}`,
  content: { 'text/html': { schema: Type.String() } },
};

/** The 302 of /authorize: a refusal sent back to the application names its code (RFC 6749 §4.1.2.1). */
const redirected = {
  description:
    'To the application or to the hosted UI. A refusal sent back to the application carries error (one of ' +
    `${AUTHORIZATION_ERROR_CODES.join(', ')}), error_description, state and iss in the query ` +
    '(RFC 6749 §4.1.2.1, OIDC Core §3.1.2.6, RFC 9207 §2)',
  type: 'null',
} as const;

const RequestView = Type.Object({
  client: Type.Object({
    client_id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    logo_uri: Type.Union([Type.String(), Type.Null()]),
    icon_url: Type.Union([Type.String(), Type.Null()], {
      description: 'The uploaded icon, served from this origin (versioned path), or null',
    }),
    app_url: Type.Union([Type.String(), Type.Null()]),
  }),
  scopes: Type.Array(Type.Object({ scope: Type.String(), description: Type.String() })),
  login_required: Type.Boolean({ description: 'The user must sign in (again) before approving' }),
  login_hint: Type.Union([Type.String(), Type.Null()]),
  consent_required: Type.Boolean(),
  organizations: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), {
    description:
      'Organizations the user must choose from (send the choice as organization_id to /authorize/finalize); empty when there is nothing to choose',
  }),
  refusal: Type.Union(
    [
      Type.Object({
        reason: Type.Literal('no_organization', {
          description: 'The application requires an organization and the user is a member of none',
        }),
        description: Type.String(),
      }),
      Type.Null(),
    ],
    {
      description:
        'Why the request cannot be approved (null when it can): explain it, then send decision "deny" to /authorize/finalize so the application receives access_denied',
    },
  ),
  zk_delivery: Type.Union([Type.Literal('none'), Type.Literal('v2'), Type.Literal('legacy-v1')]),
  zk_pub: Type.Union([Type.String(), Type.Null()]),
  zk_key_scope: Type.Union([Type.Literal('client'), Type.Literal('organization')], {
    description:
      'Whose key is delivered (docs/zk.md §2.2): for organization, the key is derived for the organization of the approval, which is then sent as organization_id to /authorize/finalize',
  }),
  key_delivery: Type.Union(
    [
      Type.Object({
        issuer: Type.String(),
        redirect_uri: Type.String(),
        state: Type.Union([Type.String(), Type.Null()]),
        organization_id: Type.Union([Type.String(), Type.Null()], {
          description:
            "The organization already settled for this request (asked for by the application, or the user's only one); null when there is none or the user chooses one of organizations",
        }),
      }),
      Type.Null(),
    ],
    {
      description:
        'For a key delivery (zk_delivery v2 or legacy-v1 with a zk_pub): what the browser binds into the JWE payload (docs/zk.md §5 step 2, §5.1), so the app can check the key was made for this authorization; null otherwise',
    },
  ),
  redirect_origin: Type.String(),
  device: Type.Boolean({
    description:
      'The request is a device’s (RFC 8628): the user entered its code here, approving signs the device in, not this browser; consent is always asked (redirect_origin is then this service’s own)',
  }),
});

const FinalizeBody = Type.Object(
  {
    request_id: Type.String({ minLength: 1, maxLength: 200 }),
    decision: Type.Union([Type.Literal('approve'), Type.Literal('deny')]),
    organization_id: Type.Optional(Type.String({ maxLength: 200 })),
    zk_key_hash: Type.Optional(Type.String({ maxLength: 100 })),
    zk_envelope_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    drk_hash: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

const FinalizeResponse = Type.Object({
  redirect_uri: Type.String({ description: 'Where the browser navigates next (code or error, state, iss)' }),
});

/** /authorize (GET and POST, OIDC Core §3.1.2.1), the pending-request view, and /authorize/finalize. */
/** The language the signed-in user saved, if any (docs/languages.md: after ui_locales, before Accept-Language). */
async function savedLocaleOf(context: AppContext, userId: string | undefined): Promise<UiLocale | null> {
  if (!userId) return null;
  const locale = (await context.accounts.users.find(userId))?.locale;
  return isUiLocale(locale) ? locale : null;
}

export function registerAuthorizeRoutes(app: App, context: AppContext): void {
  const access = userSessionAccess(context);
  const binding = new BrowserBinding(context.config.baseUrl);
  const handle = async (request: FastifyRequest, reply: FastifyReply, parameters: AuthorizeParameters) => {
    const browser = binding.forNewRequest(request);
    // Parameters that failed validation are refused the way any invalid parameter is (attachValidation below).
    // RFC 9126 §4, RFC 9101 §6.3: the parameters come from the pushed request or the request object, if any.
    const resolved = request.validationError ? null : await context.oauth.pushedRequests.resolve(parameters);
    const outcome = request.validationError
      ? await context.oauth.authorize.refuseMalformed(
          parameters as Record<string, unknown>,
          request.validationError.message,
          malformedParameter(request.validationError),
        )
      : resolved?.kind === 'refused'
        ? ({
            kind: 'error-page',
            error: resolved.error,
            description: resolved.description,
            reason: resolved.reason,
          } as const)
        : await context.oauth.authorize.authorize(
            resolved?.kind === 'parameters' ? resolved.parameters : parameters,
            access.optionalCaller(request)?.session ?? null,
            browser.hash,
          );
    // Authorization responses, error pages included, are never cached (RFC 9700 §4.3: codes in history).
    reply.header('cache-control', 'no-store');
    if (outcome.kind === 'error-page') {
      // Never redirect when the client or redirect URI is not trusted (RFC 6749 §4.1.2.1, RFC 9700 §4.1).
      // In the request's language (docs/languages.md): ui_locales (OIDC Core §3.1.2.1), the signed-in user's
      // saved one, then Accept-Language; in the brand of the organization hinted, if any.
      const locale =
        uiLocaleFromParameter(parameters.ui_locales) ??
        (await savedLocaleOf(context, access.optionalCaller(request)?.session.userId)) ??
        requestUiLocale(request) ??
        DEFAULT_UI_LOCALE;
      const brand = await pageBrand(context.branding.brands, organizationHint(parameters));
      const words = PAGE_MESSAGES[locale];
      const page = words.authorize[outcome.reason];
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .header('content-language', locale)
        .send(
          messagePage(
            page.title,
            [
              fillPageText(page.text, { product: brand.productName }),
              fillPageText(words.details, { details: `${outcome.error}: ${outcome.description}` }),
            ],
            undefined,
            brand,
            locale,
          ) as never,
        );
    }
    // A parked request is continued only by this browser: its binding cookie goes with the redirect to the UI.
    if (outcome.kind === 'interaction') browser.set(reply);
    // 302 (never 307, RFC 9700 §4.12) to the client or to the hosted UI.
    return reply.redirect(outcome.location, 302);
  };

  const authorizeSchema = {
    tags: ['oauth'],
    summary: 'Authorization endpoint (response_type=code, PKCE S256)',
    response: {
      302: redirected,
      400: htmlError,
    },
  } as const;
  app.get(
    '/authorize',
    {
      config: { access: 'optional-session' },
      attachValidation: true,
      schema: { ...authorizeSchema, querystring: AuthorizeQuery },
    },
    (request, reply) => handle(request, reply, request.query as AuthorizeParameters),
  );
  app.post(
    '/authorize',
    {
      config: { access: 'optional-session' },
      attachValidation: true,
      schema: { ...authorizeSchema, consumes: ['application/x-www-form-urlencoded'], body: AuthorizeQuery },
    },
    (request, reply) => handle(request, reply, (request.body ?? {}) as AuthorizeParameters),
  );

  app.get(
    '/api/user/authorization-requests/:requestId',
    {
      config: { access: 'optional-session' },
      schema: {
        tags: ['hosted-ui'],
        summary: 'A pending authorization request, as the consent page shows it',
        params: Type.Object({ requestId: Type.String({ maxLength: 200 }) }),
        response: { 200: RequestView, ...errorResponses('request_not_found', 'request_browser_mismatch') },
      },
    },
    async (request, reply) => {
      const session = access.optionalCaller(request)?.session ?? null;
      const view = await context.oauth.authorize.view(
        request.params.requestId,
        session,
        binding.presented(request),
      );
      const { client, request: pending } = view;
      const allScopes = new Map(client.scopes.map((entry) => [entry.scope, entry.description]));
      return reply.header('cache-control', 'no-store').send({
        client: {
          client_id: client.id,
          name: client.name,
          description: client.description,
          logo_uri: client.logoUri,
          icon_url: client.icon ? publicIconPath(client.id, client.icon.etag) : null,
          app_url: client.appUrl,
        },
        scopes: pending.scope
          .split(' ')
          .map((scope) => ({ scope, description: allScopes.get(scope) ?? scope })),
        login_required: view.loginRequired,
        login_hint: pending.loginHint,
        consent_required: view.consentRequired,
        organizations: view.organizations,
        refusal: view.refusal,
        zk_delivery: client.zkDelivery,
        zk_pub: pending.zkPub,
        zk_key_scope: client.zkKeyScope,
        key_delivery:
          client.zkDelivery !== 'none' && pending.zkPub !== null
            ? {
                issuer: context.config.baseUrl,
                redirect_uri: pending.redirectUri,
                state: pending.state,
                organization_id: view.organizationId,
              }
            : null,
        redirect_origin: new URL(pending.redirectUri).origin,
        device: pending.deviceAuthorizationId !== undefined,
      });
    },
  );

  app.post(
    '/authorize/finalize',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['oauth'],
        summary:
          'Approve or deny a pending authorization request (signed-in user, CSRF token required); organization_id is the organization chosen on the consent page, and the one the key was derived for when a client of key scope organization receives a key (required then)',
        body: FinalizeBody,
        response: {
          200: FinalizeResponse,
          ...errorResponses(
            'request_not_found',
            'request_browser_mismatch',
            'login_required',
            'request_already_used',
            'organization_required',
            'organization_mismatch',
            'invalid_organization',
            'drk_hash_not_allowed',
            'drk_hash_required',
            'zk_key_hash_not_allowed',
            'zk_key_hash_required',
            'keybag_required',
            'invalid_envelope',
            'envelope_type_not_allowed',
          ),
        },
      },
    },
    async (request, reply) => {
      const { session } = access.caller(request);
      const body = request.body;
      const { redirectUri } = await context.oauth.authorize.finalize(
        {
          requestId: body.request_id,
          decision: body.decision,
          organizationId: body.organization_id,
          zkKeyHash: body.zk_key_hash,
          zkEnvelopeId: body.zk_envelope_id,
          drkHash: body.drk_hash,
        },
        session,
        binding.presented(request),
        request,
      );
      return reply.header('cache-control', 'no-store').send({ redirect_uri: redirectUri });
    },
  );
}

/** The parameter a validation failure names (`/scope` in the instance path), if it names one. */
function malformedParameter(error: Error & { validation?: { instancePath?: string }[] }): string | null {
  const path = error.validation?.[0]?.instancePath ?? '';
  return /^\/[a-z_]+$/.test(path) ? path.slice(1) : null;
}
