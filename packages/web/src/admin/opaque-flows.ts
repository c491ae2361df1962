/**
 * The admin portal's OPAQUE flows: install (first admin), admin sign-in, admin password change, creating an admin
 * and setting a user's password. Every password stays in this browser; the server sees only OPAQUE messages.
 */
import { apiRequest } from '../shared/api';
import type { AdminApiBody, AdminApiResponse } from '../shared/api-types/admin-api';
import {
  changePasswordAt,
  logInAt,
  type PasswordChangeResult,
  type PostJson,
  registerPassword,
} from '../shared/opaque';
import type { AdminApi, AdminIdentity, AdminRole, SecondFactorMode } from './session';

export { preloadOpaque } from '../shared/opaque';

// ----- First-run install ----------------------------------------------------------------------------------------

export interface InstallChoices {
  token: string;
  email: string;
  password: string;
  adminName: string;
  productName: string;
  baseUrl: string;
  selfRegistration: boolean;
  smtp: SmtpInput | null;
}

export type SmtpInput = NonNullable<AdminApiBody<'POST /install/complete'>['smtp']>;

/** Registers the first admin and completes the install; the install token is consumed. */
export async function completeInstall(
  choices: InstallChoices,
): Promise<{ baseUrlAppliesAfterRestart: boolean }> {
  const { registrationId, registrationRecord } = await registerPassword(choices.password, (request) =>
    apiRequest<AdminApiResponse<'POST /install/admin/start'>>('POST', '/install/admin/start', {
      body: {
        token: choices.token,
        email: choices.email,
        registration_request: request,
      } satisfies AdminApiBody<'POST /install/admin/start'>,
    }),
  );
  const body: AdminApiBody<'POST /install/complete'> = {
    token: choices.token,
    registration_id: registrationId,
    registration_record: registrationRecord,
    product_name: choices.productName,
    self_registration: choices.selfRegistration,
  };
  if (choices.adminName) body.admin_name = choices.adminName;
  if (choices.baseUrl) body.base_url = choices.baseUrl;
  if (choices.smtp) body.smtp = choices.smtp;
  const completed = await apiRequest<AdminApiResponse<'POST /install/complete'>>(
    'POST',
    '/install/complete',
    { body },
  );
  return { baseUrlAppliesAfterRestart: completed.base_url_applies_after_restart };
}

// ----- Sign-in --------------------------------------------------------------------------------------------------

export type AdminSignInResult =
  | {
      kind: 'signed_in';
      admin: AdminIdentity;
      csrfToken: string;
      secondFactorRequired: boolean;
      /** Which second-factor step is owed (null when none is, or the server did not say). */
      secondFactor: SecondFactorMode | null;
    }
  /** Wrong password or no such admin: the same answer either way, on purpose. */
  | { kind: 'invalid_credentials' };

/** Signed out, there is no CSRF token to send yet. */
const postSignedOut: PostJson = (path, body) => apiRequest('POST', path, { body });

export async function adminSignIn(email: string, password: string): Promise<AdminSignInResult> {
  const finished = await logInAt<AdminApiResponse<'POST /admin/login/finish'>>(
    postSignedOut,
    '/admin/login',
    email,
    password,
  );
  if (!finished) return { kind: 'invalid_credentials' };
  return {
    kind: 'signed_in',
    admin: finished.admin,
    csrfToken: finished.csrf_token,
    secondFactorRequired: finished.second_factor_required,
    secondFactor: finished.second_factor ?? null,
  };
}

// ----- Own password change --------------------------------------------------------------------------------------

/** Proves the current password and registers the new one in one exchange; the session (and CSRF token) rotate. */
export function changeAdminPassword(
  api: AdminApi,
  currentPassword: string,
  newPassword: string,
): Promise<PasswordChangeResult> {
  return changePasswordAt(api.post, '/admin/password/change', currentPassword, newPassword);
}

// ----- Creating an admin; setting a user's password -------------------------------------------------------------

export type AdminUserView = AdminApiResponse<'POST /admin/admin-users/finish'>;

/** Creates an admin whose initial password is registered here, in the creating admin's browser. */
export async function createAdminUser(
  api: AdminApi,
  input: { email: string; name: string; role: AdminRole; password: string },
): Promise<AdminUserView> {
  const { registrationId, registrationRecord } = await registerPassword(input.password, (request) =>
    api.post<AdminApiResponse<'POST /admin/admin-users/start'>>('/admin/admin-users/start', {
      email: input.email,
      registration_request: request,
    } satisfies AdminApiBody<'POST /admin/admin-users/start'>),
  );
  const body: AdminApiBody<'POST /admin/admin-users/finish'> = {
    registration_id: registrationId,
    registration_record: registrationRecord,
    role: input.role,
  };
  if (input.name) body.name = input.name;
  return api.post<AdminApiResponse<'POST /admin/admin-users/finish'>>('/admin/admin-users/finish', body);
}

/** Sets a user's password (they must change it at their next sign-in). */
export async function setUserPassword(api: AdminApi, userId: string, password: string): Promise<void> {
  const path = `/admin/users/${encodeURIComponent(userId)}/password`;
  const { registrationId, registrationRecord } = await registerPassword(password, (request) =>
    api.post<AdminApiResponse<'POST /admin/users/{userId}/password/start'>>(`${path}/start`, {
      registration_request: request,
    } satisfies AdminApiBody<'POST /admin/users/{userId}/password/start'>),
  );
  await api.post<AdminApiResponse<'POST /admin/users/{userId}/password/finish'>>(`${path}/finish`, {
    registration_id: registrationId,
    registration_record: registrationRecord,
  } satisfies AdminApiBody<'POST /admin/users/{userId}/password/finish'>);
}
