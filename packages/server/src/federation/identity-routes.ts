import { Type } from 'typebox';
import { userCaller, userSessionAccess } from '../accounts/session-http.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';

const IdentityView = Type.Object({
  id: Type.String(),
  connection_id: Type.String(),
  connection_name: Type.String(),
  issuer: Type.String(),
  subject: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  linked_by: Type.Union([Type.Literal('jit'), Type.Literal('email')]),
  created_at: Type.String({ format: 'date-time' }),
  last_sign_in_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/**
 * The signed-in user's linked upstream identities (docs/federation.md#unlinking): listing them, and unlinking
 * one.
 */
export function registerIdentityRoutes(app: App, context: AppContext): void {
  const access = userSessionAccess(context);

  app.get(
    '/federation/identities',
    {
      config: { access: 'session' },
      schema: {
        tags: ['federation'],
        summary: 'The signed-in user’s linked upstream identities',
        response: { 200: Type.Object({ identities: Type.Array(IdentityView) }), ...errorResponses() },
      },
    },
    async (request) => {
      const { account } = userCaller(context, request);
      const rows = await context.federation.linking.identitiesOf(account.id);
      return {
        identities: rows.map(({ identity, connectionName, issuer }) => ({
          id: identity.id,
          connection_id: identity.connectionId,
          connection_name: connectionName,
          issuer,
          subject: identity.subject,
          email: identity.email,
          linked_by: identity.linkedBy as 'jit' | 'email',
          created_at: identity.createdAt.toISOString(),
          last_sign_in_at: identity.lastSignInAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.delete(
    '/federation/identities/:identityId',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['federation'],
        summary:
          'Unlinks one of the signed-in user’s upstream identities (needs a recent second factor when one is enrolled; never the last way to sign in)',
        params: Type.Object({ identityId: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          204: noContentResponse('Unlinked'),
          ...errorResponses('step_up_required', 'not_found', 'last_sign_in_method'),
        },
      },
    },
    async (request, reply) => {
      await access.requireRecentSecondFactor(request);
      const userId = access.caller(request).account.id;
      const { identityId } = request.params;
      await context.audit.recordChange(() => context.federation.unlinking.unlinkOwn(userId, identityId), {
        action: 'federation.identity_unlinked',
        outcome: 'success',
        actor: { type: 'user', id: userId },
        target: { type: 'user', id: userId },
        details: { identity: identityId, by: 'user' },
        request,
      });
      return noContent(reply);
    },
  );
}
