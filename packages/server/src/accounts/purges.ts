import { type ExpiredRowPurge, purgeExpired } from '../db/purge.js';
import { emailTokens, opaqueLogins, pendingRegistrations } from './tables.js';

/**
 * The accounts slice's dead rows: OPAQUE login and registration state, emailed tokens. Ended sessions are purged
 * by the oauth slice (oauth/purges.ts), because a live grant keeps the session it was issued from.
 */
export const ACCOUNT_PURGES: readonly ExpiredRowPurge[] = [
  purgeExpired(opaqueLogins, opaqueLogins.idHash),
  purgeExpired(pendingRegistrations, pendingRegistrations.idHash),
  purgeExpired(emailTokens, emailTokens.tokenHash),
];
