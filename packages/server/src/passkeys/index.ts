import type { SliceModule } from '../app/module.js';
import { purgeExpired } from '../db/purge.js';
import { registerAdminPasskeyRoutes } from './admin-routes.js';
import { PASSKEY_AUDIT_ACTIONS } from './audit-actions.js';
import { registerPasskeyRoutes } from './public-routes.js';
import { createPasskeyServices } from './services.js';
import { passkeyCeremonies } from './tables.js';

/** Passkeys (WebAuthn): sign-in, second factor and keybag unlock with PRF (docs/users.md, docs/zk.md §3.4). */
export const passkeysModule = {
  name: 'passkeys',
  auditActions: PASSKEY_AUDIT_ACTIONS,
  purges: [purgeExpired(passkeyCeremonies, passkeyCeremonies.challengeHash)],
  createServices: createPasskeyServices,
  registerPublic: registerPasskeyRoutes,
  registerAdmin: registerAdminPasskeyRoutes,
} satisfies SliceModule<'passkeys'>;
