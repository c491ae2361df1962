import { Type } from 'typebox';
import { userSessionAccess } from '../accounts/session-http.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { oauthErrorResponses } from '../protocol/oauth/errors.js';
import { BrowserBinding } from './browser-binding.js';
import { authenticateClient } from './client-authentication.js';
import { allowCrossOriginReads, FormParameter, noStore, requireFormBody } from './form.js';

const DeviceAuthorizationRequest = Type.Object(
  {
    client_id: Type.Optional(FormParameter),
    client_secret: Type.Optional(FormParameter),
    client_assertion_type: Type.Optional(FormParameter),
    client_assertion: Type.Optional(Type.String({ maxLength: 8192 })),
    scope: Type.Optional(FormParameter),
  },
  // RFC 6749 §3.2 as RFC 8628 §3.1 takes it: parameters the endpoint does not use are ignored.
  { additionalProperties: true },
);

const DeviceAuthorizationResponseSchema = Type.Object({
  device_code: Type.String({ description: 'What the device polls /token with (high entropy, single use)' }),
  user_code: Type.String({
    description:
      'What the user types at verification_uri: eight characters of BCDFGHJKLMNPQRSTVWXZ shown as XXXX-XXXX; case, hyphens and spaces are ignored',
  }),
  verification_uri: Type.String(),
  verification_uri_complete: Type.String({ description: 'verification_uri with the user code filled in' }),
  expires_in: Type.Integer(),
  interval: Type.Integer({ description: 'Seconds to wait between polls of /token (RFC 8628 §3.5)' }),
});

const UserCodeBody = Type.Object(
  { user_code: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

const UserCodeAccepted = Type.Object({
  request_id: Type.String({
    description:
      'The pending request the consent page (/ui/authorize?request_id=…) shows for the device: its client and scopes, Approve or Deny',
  }),
});

/** The device authorization endpoint (RFC 8628 §3.1) and the hosted UI's user-code entry (§3.3). */
export function registerDeviceRoutes(app: App, context: AppContext): void {
  const access = userSessionAccess(context);
  const binding = new BrowserBinding(context.config.baseUrl);

  app.post(
    '/device_authorization',
    {
      config: { oauthErrors: true, access: 'client' },
      onRequest: allowCrossOriginReads,
      preValidation: requireFormBody,
      schema: {
        tags: ['oauth'],
        summary:
          'Device authorization endpoint (RFC 8628 §3.1): a device code and a user code for a client registered with the device_code grant; clients authenticate as at /token, public clients send client_id',
        consumes: ['application/x-www-form-urlencoded'],
        body: DeviceAuthorizationRequest,
        response: {
          200: DeviceAuthorizationResponseSchema,
          ...oauthErrorResponses('invalid_request', 'invalid_client', 'unauthorized_client', 'invalid_scope'),
        },
      },
    },
    async (request, reply) => {
      const { client } = await authenticateClient(
        context.clients.registry,
        request.headers.authorization,
        request.body,
        'device_authorization',
      );
      return noStore(reply).send(await context.oauth.devices.authorize(client, request.body.scope));
    },
  );

  app.post(
    '/api/user/device-authorizations',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['hosted-ui'],
        summary:
          'Enter a user code shown by a device (RFC 8628 §3.3): starts a pending request for the consent page, bound to this browser; rate-limited per address and per session',
        body: UserCodeBody,
        response: { 200: UserCodeAccepted, ...errorResponses('invalid_user_code', 'rate_limited') },
      },
    },
    async (request, reply) => {
      const { session } = access.caller(request);
      // Counted before the code is looked at, right or wrong (docs/device-flow.md#user-code-entropy).
      await context.rateLimits.consume('device-user-code-ip', request.ip);
      await context.rateLimits.consume('device-user-code-session', session.publicId);
      const device = await context.oauth.devices.findByUserCode(request.body.user_code);
      const client = await context.clients.registry.find(device.clientId);
      if (!client) throw new Error('a device authorization outlived its client');
      const browser = binding.forNewRequest(request);
      const requestId = await context.oauth.authorize.parkDeviceRequest(
        client,
        device,
        session,
        browser.hash,
      );
      browser.set(reply);
      return reply.header('cache-control', 'no-store').send({ request_id: requestId });
    },
  );
}
