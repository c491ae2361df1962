import type { FastifyRequest } from 'fastify';
import { SessionAccess, type SessionCaller } from '../app/access.js';
import type { AppContext } from '../app/app-context.js';
import { ApiError } from '../app/errors.js';
import type { User } from './users.js';

const accessByContext = new WeakMap<AppContext, SessionAccess<User>>();

/**
 * The public port's session access: the user session cookie (docs/users.md#sign-in: `__Host-` prefix and
 * Secure on https; HttpOnly and SameSite=Lax always, since Strict breaks prompt=none), the base URL's origin,
 * active users only.
 */
export function userSessionAccess(context: AppContext): SessionAccess<User> {
  let access = accessByContext.get(context);
  if (!access) {
    access = new SessionAccess<User>({
      kind: 'user',
      sessions: context.accounts.sessions,
      signIn: context.accounts.signIn,
      secondFactors: context.accounts.secondFactors,
      url: context.config.baseUrl,
      cookieNames: { http: 'tessera_session', https: '__Host-tessera_session' },
      sameSite: 'lax',
      // The key custody API's changes need our Origin, not only no foreign one (docs/zk.md §7).
      originRequiredUnder: ['/crypto/'],
      async findAccount(id) {
        const user = await context.accounts.users.find(id);
        return user?.status === 'active' ? user : null;
      },
      async resolveWithAccount(cookieValue) {
        const found = await context.accounts.sessions.resolveWithUser(cookieValue);
        if (!found) return null;
        return { session: found.session, account: found.user.status === 'active' ? found.user : null };
      },
      rememberSignIn(started, user, mark) {
        context.accounts.sessions.remember(started, user, mark);
      },
      signedOut: () => new ApiError(401, 'not_signed_in', 'sign in first'),
    });
    accessByContext.set(context, access);
  }
  return access;
}

/** The signed-in user the public port's access hook established for this request. */
export function userCaller(context: AppContext, request: FastifyRequest): SessionCaller<User> {
  return userSessionAccess(context).caller(request);
}
