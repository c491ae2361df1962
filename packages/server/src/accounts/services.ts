import type { Infrastructure } from '../app/infrastructure.js';
import { EmailTokens } from './email-tokens.js';
import { OpaqueServer } from './opaque.js';
import { PasswordAuthentication } from './password-authentication.js';
import { SecondFactors } from './second-factors.js';
import { SessionService } from './sessions.js';
import { SignInCompletion } from './sign-in.js';
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
  /** Every kind of second factor, for users and admins; the slice of each kind registers it (otp/services.ts). */
  secondFactors: SecondFactors;
  /** How a user's sign-in completes, whatever proved it (accounts/sign-in.ts). */
  signIn: SignInCompletion;
}

export async function createAccountServices({
  database,
  sealer,
  settings,
  audit,
  metrics,
}: Infrastructure): Promise<AccountServices> {
  const users = new UserService(database.db);
  const opaque = new OpaqueServer(database.db, sealer);
  await opaque.ensureSetup();
  const sessions = new SessionService(database.db, settings);
  const secondFactors = new SecondFactors();
  return {
    users,
    sessions,
    opaque,
    passwords: new PasswordAuthentication(
      database.db,
      sealer,
      opaque,
      userPasswordAccounts(database.db, users),
      settings,
    ),
    emailTokens: new EmailTokens(database.db),
    secondFactors,
    signIn: new SignInCompletion({ kind: 'user', sessions, secondFactors, audit, metrics, settings }),
  };
}
