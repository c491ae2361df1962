import type { AccountServices } from '../accounts/services.js';
import { ApiError } from '../app/errors.js';
import type { Infrastructure } from '../app/infrastructure.js';
import type { KeyServices } from '../keys/services.js';
import { relyingPartyOf } from './relying-party.js';
import { PasskeyService } from './service.js';
import { PasskeyStore } from './store.js';

/** The passkeys slice's services (`context.passkeys.credentials`). */
export interface PasskeyServices {
  /** Users' WebAuthn credentials and the ceremonies that register and use them. */
  credentials: PasskeyService;
}

export async function createPasskeyServices(
  { config, database, settings, audit }: Infrastructure,
  { accounts, keys }: { accounts: AccountServices; keys: KeyServices },
): Promise<PasskeyServices> {
  const credentials = new PasskeyService(
    new PasskeyStore(database.db),
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
  return { credentials };
}
