import type { Infrastructure } from '../app/infrastructure.js';
import { InvalidatedCache } from '../db/invalidated-cache.js';
import { inTransaction } from '../db/transactions.js';
import type { EmailServices } from '../email/services.js';
import { SignInContinuation } from './authorization-continuation.js';
import { EmailTokens } from './email-tokens.js';
import { AccountLifecycle } from './lifecycle.js';
import { LocalAddresses } from './local-addresses.js';
import { OpaqueServer } from './opaque.js';
import { PasswordAuthentication } from './password-authentication.js';
import { SecondFactors } from './second-factors.js';
import { type CachedSession, SESSION_CACHE_TTL_MS, SessionService } from './sessions.js';
import { SignInCompletion } from './sign-in.js';
import { userPasswordAccounts } from './user-password-accounts.js';
import { type User, UserService } from './users.js';

/** The accounts slice's services (`context.accounts`). */
export interface AccountServices {
  users: UserService;
  sessions: SessionService;
  /** Live user sessions and their users, dropped on every node by every session end and user change. */
  sessionCache: InvalidatedCache<CachedSession>;
  /** The OPAQUE server setup, shared by users' and admins' password authentication. */
  opaque: OpaqueServer;
  passwords: PasswordAuthentication<User>;
  emailTokens: EmailTokens;
  /** Every kind of second factor, for users and admins; the slice of each kind registers it (otp/services.ts). */
  secondFactors: SecondFactors;
  /** How a user's sign-in completes, whatever proved it (accounts/sign-in.ts). */
  signIn: SignInCompletion;
  /** Create, edit, disable, enable, delete, set or reset the password: audited, access ended where it must. */
  lifecycle: AccountLifecycle;
  /** Whether an address may hold a local account (the federation slice answers: routed domains). */
  localAddresses: LocalAddresses;
  /** How a sign-in continues a pending authorization request (the oauth slice answers). */
  signInContinuation: SignInContinuation;
}

export async function createAccountServices(
  { config, database, sealer, settings, audit, metrics, bus }: Infrastructure,
  { email }: { email: EmailServices },
): Promise<AccountServices> {
  const users = new UserService(database.db, bus);
  const opaque = new OpaqueServer(database.db, sealer);
  await opaque.ensureSetup();
  const sessionCache = new InvalidatedCache<CachedSession>({
    isCurrent: () => bus.isCurrent(),
    inTransaction: () => inTransaction(database.db),
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: 50_000,
    lookups: metrics.cacheLookups('sessions'),
  });
  // SessionService announces every session it ends (topic `sessions`), UserService every user it changes (`users`).
  bus.on('sessions', (message) => sessionCache.applyChange(message));
  bus.on('users', (userId) => sessionCache.applyUserChange(userId));
  const sessions = new SessionService(database.db, settings, 'user', { cache: sessionCache, bus });
  const secondFactors = new SecondFactors();
  const passwords = new PasswordAuthentication(
    database.db,
    sealer,
    opaque,
    userPasswordAccounts(database.db, secondFactors),
    settings,
  );
  const emailTokens = new EmailTokens(database.db);
  return {
    users,
    sessions,
    sessionCache,
    opaque,
    passwords,
    emailTokens,
    secondFactors,
    signIn: new SignInCompletion({ kind: 'user', sessions, secondFactors, audit, metrics, settings }),
    lifecycle: new AccountLifecycle(database.db, {
      users,
      sessions,
      passwords,
      emailTokens,
      audit,
      mailer: email.mailer,
      baseUrl: config.baseUrl,
    }),
    localAddresses: new LocalAddresses(),
    signInContinuation: new SignInContinuation(),
  };
}
