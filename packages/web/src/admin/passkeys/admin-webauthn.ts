/**
 * The admin portal's WebAuthn ceremonies (via @simplewebauthn/browser): an admin's own passkeys, for the admin
 * port's relying party (the admin URL). Admins hold no keybag, so no PRF is asked for or read here.
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { apiRequest } from '../../shared/api';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import type { AdminApi } from '../session';

type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];
export type AdminPasskey = AdminApiResponse<'GET /admin/passkeys'>['passkeys'][number];
export type AdminPasskeySignIn = AdminApiResponse<'POST /admin/passkeys/sign-in/verify'>;

/** Registers a passkey for the signed-in admin (the caller wraps it in the step-up). */
export async function registerAdminPasskey(api: AdminApi, name: string): Promise<AdminPasskey> {
  const { options } = await api.post<{ options: RegistrationOptions }>(
    '/admin/passkeys/registration/options',
  );
  const response = await startRegistration({ optionsJSON: options });
  return api.post<AdminPasskey>('/admin/passkeys/registration/verify', {
    name,
    response,
  });
}

/** Signs in to the admin portal with a discoverable passkey (signed out: no CSRF token yet). */
export async function signInWithAdminPasskey(): Promise<AdminPasskeySignIn> {
  const { options } = await apiRequest<{ options: AuthenticationOptions }>(
    'POST',
    '/admin/passkeys/sign-in/options',
    { body: {} },
  );
  const response = await startAuthentication({ optionsJSON: options });
  return apiRequest<AdminPasskeySignIn>('POST', '/admin/passkeys/sign-in/verify', { body: { response } });
}
