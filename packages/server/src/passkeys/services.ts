import type { AccountServices } from '../accounts/services.js';
import type { Infrastructure } from '../app/infrastructure.js';
import { loadServerSecret } from '../crypto/server-secrets.js';
import { relyingPartyOf } from './relying-party.js';
import { PasskeyService } from './service.js';
import { PasskeyStore } from './store.js';

/** The passkeys slice's services (`context.passkeys.credentials`). */
export interface PasskeyServices {
  /** Users' WebAuthn credentials and the ceremonies that register and use them. */
  credentials: PasskeyService;
}

export async function createPasskeyServices(
  { config, database, sealer, settings, audit }: Infrastructure,
  { accounts }: { accounts: AccountServices },
): Promise<PasskeyServices> {
  const credentials = new PasskeyService(
    new PasskeyStore(database.db),
    // Read per ceremony: the base URL may be set at install, the product name changed at run time.
    () => relyingPartyOf(config.baseUrl, settings.get('product.name')),
    audit,
    await loadServerSecret(database.db, sealer, 'passkey_fake_credential_key'),
    async (email) => {
      const user = await accounts.users.findByEmail(email);
      return user?.status === 'active' ? user.id : null;
    },
  );
  return { credentials };
}
