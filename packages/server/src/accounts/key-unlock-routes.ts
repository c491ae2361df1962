import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { OpaqueMessage } from './schemas.js';
import { userCaller } from './session-http.js';

/**
 * Opening the password envelope of a signed-in user's keybag (docs/zk.md §3.1): the consent page, or the account
 * page, asks the password again and needs its OPAQUE export key, not a new session. Each try is one request here,
 * limited per account by `key-unlock-account`, apart from sign-in's limit, so that a user opening several ZK apps
 * at once is not locked out of signing in, while password guesses stay limited.
 */
export function registerKeyUnlockRoutes(app: App, context: AppContext): void {
  app.post(
    '/api/user/key-unlock/password',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['accounts'],
        summary:
          "The signed-in account's OPAQUE login response (KE2) to its KE1, from which the browser recovers the export key that opens the password envelope; no login state is kept and no session starts",
        body: Type.Object({ start_login_request: OpaqueMessage }, { additionalProperties: false }),
        response: {
          200: Type.Object({ login_response: Type.String() }),
          ...errorResponses('rate_limited'),
        },
      },
    },
    async (request) => {
      const { account } = userCaller(context, request);
      await context.rateLimits.consume('key-unlock-account', account.id);
      const loginResponse = await context.accounts.passwords.exportKeyResponse(
        account.id,
        request.body.start_login_request,
      );
      return { login_response: loginResponse };
    },
  );
}
