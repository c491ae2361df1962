import { SessionAccess } from '../app/access.js';
import type { AppContext } from '../app/app-context.js';
import { ApiError } from '../app/errors.js';
import type { AdminUser } from './admin-users.js';
import { adminTokenAccess } from './token-access.js';

const accessByContext = new WeakMap<AppContext, SessionAccess<AdminUser>>();

/**
 * The admin port's session access (docs/admin.md#signing-in-as-an-admin): its own cookie, never sent to the
 * public port's paths (SameSite Strict: the admin portal is never entered from another site's link), the
 * admin URL's origin, active admins only, and `admin-write` for admins with the write role; or an admin API
 * token in place of the session (token-access.ts).
 */
export function adminSessionAccess(context: AppContext): SessionAccess<AdminUser> {
  let access = accessByContext.get(context);
  if (!access) {
    access = new SessionAccess<AdminUser>({
      kind: 'admin',
      sessions: context.admin.sessions,
      signIn: context.admin.signIn,
      secondFactors: context.accounts.secondFactors,
      url: context.config.adminUrl,
      cookieNames: { http: 'tessera_admin_session', https: '__Host-tessera_admin' },
      sameSite: 'strict',
      async findAccount(id) {
        const admin = await context.admin.users.find(id);
        return admin?.status === 'active' ? admin : null;
      },
      signedOut: () => new ApiError(401, 'admin_session_required', 'sign in to the admin portal'),
      mayWrite: (admin) => admin.role === 'write',
      bearerTokens: adminTokenAccess(context.admin.tokens),
    });
    accessByContext.set(context, access);
  }
  return access;
}

/** The admin port's cookie name. */
export function adminCookieName(context: AppContext): string {
  return adminSessionAccess(context).cookieName;
}
