import type { Infrastructure } from '../app/infrastructure.js';
import { EmailTokens } from './email-tokens.js';
import { OpaqueServer } from './opaque.js';
import { PasswordAuthentication } from './password-authentication.js';
import { SessionService } from './sessions.js';
import { userPasswordAccounts } from './user-password-accounts.js';
import { type User, UserService } from './users.js';

/** The accounts slice's services (`context.accounts`). */
export interface AccountServices {
  users: UserService;
  sessions: SessionService;
  /** The OPAQUE server setup, shared by users' and admins' password authentication. */
  opaque: OpaqueServer;
  passwords: PasswordAuthentication<User>;
  emailTokens: EmailTokens;
}

export async function createAccountServices({
  database,
  sealer,
  settings,
}: Infrastructure): Promise<AccountServices> {
  const users = new UserService(database.db);
  const opaque = new OpaqueServer(database.db, sealer);
  await opaque.ensureSetup();
  return {
    users,
    sessions: new SessionService(database.db, settings),
    opaque,
    passwords: new PasswordAuthentication(
      database.db,
      sealer,
      opaque,
      userPasswordAccounts(database.db, users),
      settings,
    ),
    emailTokens: new EmailTokens(database.db),
  };
}
