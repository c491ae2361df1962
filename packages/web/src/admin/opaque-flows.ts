/**
 * The admin portal's OPAQUE flows: install (first admin), admin sign-in, admin password change, creating an admin
 * and setting a user's password. Every password stays in this browser; the server sees only OPAQUE messages.
 */
import { ApiError, apiRequest } from '../shared/api';
import {
  type LoginStarted,
  provePassword,
  type RegistrationStarted,
  registerPassword,
  startRegistrationMessage,
} from '../shared/opaque';
import type { AdminApi, AdminIdentity, AdminRole, SecondFactorMode } from './session';

export { preloadOpaque } from '../shared/opaque';

function isInvalidCredentials(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'invalid_credentials';
}

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

export interface SmtpInput {
  host: string;
  port: number;
  security: 'starttls' | 'tls' | 'none';
  user?: string;
  password?: string;
  from: string;
}

/** Registers the first admin and completes the install; the install token is consumed. */
export async function completeInstall(
  choices: InstallChoices,
): Promise<{ baseUrlAppliesAfterRestart: boolean }> {
  const { registrationId, registrationRecord } = await registerPassword(choices.password, (request) =>
    apiRequest<RegistrationStarted>('POST', '/install/admin/start', {
      body: { token: choices.token, email: choices.email, registration_request: request },
    }),
  );
  const body: Record<string, unknown> = {
    token: choices.token,
    registration_id: registrationId,
    registration_record: registrationRecord,
    product_name: choices.productName,
    self_registration: choices.selfRegistration,
  };
  if (choices.adminName) body.admin_name = choices.adminName;
  if (choices.baseUrl) body.base_url = choices.baseUrl;
  if (choices.smtp) body.smtp = choices.smtp;
  const completed = await apiRequest<{ installed: true; base_url_applies_after_restart: boolean }>(
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

export async function adminSignIn(email: string, password: string): Promise<AdminSignInResult> {
  const proof = await provePassword(password, (request) =>
    apiRequest<LoginStarted>('POST', '/admin/login/start', {
      body: { email, start_login_request: request },
    }),
  );
  if (!proof) return { kind: 'invalid_credentials' };
  try {
    const finished = await apiRequest<{
      admin: AdminIdentity;
      csrf_token: string;
      second_factor_required: boolean;
      second_factor?: SecondFactorMode | null;
    }>('POST', '/admin/login/finish', {
      body: { login_id: proof.loginId, finish_login_request: proof.finishLoginRequest },
    });
    return {
      kind: 'signed_in',
      admin: finished.admin,
      csrfToken: finished.csrf_token,
      secondFactorRequired: finished.second_factor_required,
      secondFactor: finished.second_factor ?? null,
    };
  } catch (error) {
    if (isInvalidCredentials(error)) return { kind: 'invalid_credentials' };
    throw error;
  }
}

// ----- Own password change --------------------------------------------------------------------------------------

export type ChangePasswordResult =
  | { kind: 'changed'; csrfToken: string }
  | { kind: 'wrong_current_password' };

/** Proves the current password and registers the new one in one exchange; the session (and CSRF token) rotate. */
export async function changeAdminPassword(
  api: AdminApi,
  currentPassword: string,
  newPassword: string,
): Promise<ChangePasswordResult> {
  const proof = await provePassword(currentPassword, (request) =>
    api.post<LoginStarted>('/admin/password/change/start', { start_login_request: request }),
  );
  if (!proof) return { kind: 'wrong_current_password' };
  const registration = await startRegistrationMessage(newPassword);
  let verified: RegistrationStarted;
  try {
    verified = await api.post<RegistrationStarted>('/admin/password/change/verify', {
      login_id: proof.loginId,
      finish_login_request: proof.finishLoginRequest,
      registration_request: registration.registrationRequest,
    });
  } catch (error) {
    if (isInvalidCredentials(error)) return { kind: 'wrong_current_password' };
    throw error;
  }
  const record = await registration.finish(verified.registration_response);
  const changed = await api.post<{ changed: true; csrf_token: string }>('/admin/password/change/finish', {
    registration_id: verified.registration_id,
    registration_record: record,
  });
  return { kind: 'changed', csrfToken: changed.csrf_token };
}

// ----- Creating an admin; setting a user's password -------------------------------------------------------------

export interface AdminUserView extends AdminIdentity {
  status: string;
}

/** Creates an admin whose initial password is registered here, in the creating admin's browser. */
export async function createAdminUser(
  api: AdminApi,
  input: { email: string; name: string; role: AdminRole; password: string },
): Promise<AdminUserView> {
  const { registrationId, registrationRecord } = await registerPassword(input.password, (request) =>
    api.post<RegistrationStarted>('/admin/admin-users/start', {
      email: input.email,
      registration_request: request,
    }),
  );
  const body: Record<string, unknown> = {
    registration_id: registrationId,
    registration_record: registrationRecord,
    role: input.role,
  };
  if (input.name) body.name = input.name;
  return api.post<AdminUserView>('/admin/admin-users/finish', body);
}

/** Sets a user's password (they must change it at their next sign-in). */
export async function setUserPassword(api: AdminApi, userId: string, password: string): Promise<void> {
  const path = `/admin/users/${encodeURIComponent(userId)}/password`;
  const { registrationId, registrationRecord } = await registerPassword(password, (request) =>
    api.post<RegistrationStarted>(`${path}/start`, { registration_request: request }),
  );
  await api.post(`${path}/finish`, {
    registration_id: registrationId,
    registration_record: registrationRecord,
  });
}
