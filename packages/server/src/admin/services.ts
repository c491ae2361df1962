import { PasswordAuthentication } from '../accounts/password-authentication.js';
import type { AccountServices } from '../accounts/services.js';
import { SessionService } from '../accounts/sessions.js';
import { SignInCompletion } from '../accounts/sign-in.js';
import type { Infrastructure } from '../app/infrastructure.js';
import { type AdminUser, AdminUserService, adminPasswordAccounts } from './admin-users.js';
import { InstallService } from './install.js';
import { PublicBaseUrl } from './public-base-url.js';
import { AdminTokenStore } from './token-store.js';
import { AdminTokenService } from './tokens.js';

/** The admin slice's services (`context.admin`): admin users, their sessions and passwords, install. */
export interface AdminServices {
  users: AdminUserService;
  sessions: SessionService;
  /** How an admin's sign-in completes (accounts/sign-in.ts, as for users). */
  signIn: SignInCompletion;
  passwords: PasswordAuthentication<AdminUser>;
  install: InstallService;
  publicBaseUrl: PublicBaseUrl;
  /** Admin API tokens (docs/admin-api-tokens.md). */
  tokens: AdminTokenService;
}

export async function createAdminServices(
  { config, database, sealer, settings, audit, metrics }: Infrastructure,
  { accounts }: { accounts: AccountServices },
): Promise<AdminServices> {
  const users = new AdminUserService(database.db);
  const passwords = new PasswordAuthentication(
    database.db,
    sealer,
    accounts.opaque,
    adminPasswordAccounts(database.db),
    settings,
  );
  const publicBaseUrl = new PublicBaseUrl(config, settings);
  const sessions = new SessionService(database.db, settings, 'admin');
  return {
    users,
    sessions,
    signIn: new SignInCompletion({
      kind: 'admin',
      sessions,
      secondFactors: accounts.secondFactors,
      audit,
      metrics,
      settings,
    }),
    passwords,
    install: new InstallService(database.db, { users, passwords, settings, publicBaseUrl, audit }),
    publicBaseUrl,
    tokens: new AdminTokenService(new AdminTokenStore(database.db), audit),
  };
}
