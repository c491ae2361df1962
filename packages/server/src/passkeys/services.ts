import type { AccountServices } from '../accounts/services.js';
import { ApiError } from '../app/errors.js';
import type { Infrastructure } from '../app/infrastructure.js';
import { passkeyNotRegistered } from '../keys/service.js';
import type { KeyServices } from '../keys/services.js';
import { relyingPartyOf } from './relying-party.js';
import { PasskeyService } from './service.js';
import { PasskeyStore } from './store.js';

/** The passkeys slice's services (`context.passkeys.credentials`). */
export interface PasskeyServices {
  /** Users' WebAuthn credentials and the ceremonies that register and use them (public port). */
  credentials: PasskeyService;
  /** Admins' own passkeys (admin port): their relying party is the admin URL's. */
  adminCredentials: PasskeyService;
}

export async function createPasskeyServices(
  { config, database, settings, audit }: Infrastructure,
  { accounts, keys }: { accounts: AccountServices; keys: KeyServices },
): Promise<PasskeyServices> {
  const credentials = new PasskeyService(
    new PasskeyStore(database.db, 'user'),
    'user',
    // Read per ceremony: the base URL may be set at install, the product name changed at run time.
    () => relyingPartyOf(config.baseUrl, settings.get('product.name')),
    audit,
    async (email) => {
      const user = await accounts.users.findByEmail(email);
      return user?.status === 'active' ? user.id : null;
    },
    // A removed passkey's envelope (docs/zk.md §3.4) goes with it, unless it is the keybag's last way to unlock:
    // then it stays until another envelope exists (keys' own rule), rather than locking the keys for good.
    async (userId, credentialId) => {
      const { envelopes } = await keys.keybags.keybag(userId);
      for (const envelope of envelopes) {
        if (envelope.type !== 'passkey_prf' || envelope.credentialId !== credentialId) continue;
        await keys.keybags.deleteEnvelope(userId, envelope.id).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.code === 'last_unlock_envelope')) throw error;
        });
      }
    },
  );
  // A passkey_prf envelope is only for one of the user's own passkeys (docs/zk.md §3.4).
  keys.keybags.passkeyEnvelopesNamed.handle(async (userId, credentialIds) => {
    const registered = new Set((await credentials.list(userId)).map((passkey) => passkey.credentialId));
    if (!credentialIds.every((credentialId) => registered.has(credentialId))) throw passkeyNotRegistered();
  });
  const adminCredentials = new PasskeyService(
    new PasskeyStore(database.db, 'admin'),
    'admin',
    // The admin port is its own origin (TESSERA_ADMIN_URL): its passkeys are scoped to that host.
    () => relyingPartyOf(config.adminUrl, `${settings.get('product.name')} admin`),
    audit,
    // The admin portal offers discoverable sign-in only (no email-first request on the admin port).
    async () => null,
    // Admins hold no keybag: nothing to forget, and no PRF to ask for.
    async () => undefined,
    false,
  );
  accounts.lifecycle.credentialsDiscarded.handle(async (userId) => {
    await credentials.discardAll(userId);
  });
  return { credentials, adminCredentials };
}
