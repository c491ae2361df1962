import type { SliceModule } from '../app/module.js';
import { registerAdminPasskeyRoutes } from './admin-routes.js';
import { registerPasskeyRoutes } from './public-routes.js';
import { createPasskeyServices } from './services.js';

/** Passkeys (WebAuthn): sign-in, second factor and keybag unlock with PRF (docs/users.md, docs/zk.md §3.4). */
export const passkeysModule = {
  name: 'passkeys',
  createServices: createPasskeyServices,
  registerPublic: registerPasskeyRoutes,
  registerAdmin: registerAdminPasskeyRoutes,
} satisfies SliceModule<'passkeys'>;
