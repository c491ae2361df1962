import { useEffect, useState } from 'react';
import { ApiError, apiRequest } from '../../../shared/api';
import type { AdminApiBody, AdminApiResponse } from '../../../shared/api-types/admin-api';

/** Where the install page stands: still asking, already installed, needing a (valid) token, or ready to go. */
export type InstallCheck =
  | { state: 'checking' }
  | { state: 'installed' }
  | { state: 'needs_token'; problem: unknown }
  | { state: 'ready'; token: string }
  | { state: 'failed'; error: unknown };

async function checkInstall(token: string): Promise<InstallCheck> {
  const status = await apiRequest<AdminApiResponse<'GET /install'>>('GET', '/install');
  if (status.installed) return { state: 'installed' };
  if (!token) return { state: 'needs_token', problem: null };
  try {
    await apiRequest('POST', '/install/validate', {
      body: { token } satisfies AdminApiBody<'POST /install/validate'>,
    });
    return { state: 'ready', token };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'install_complete') return { state: 'installed' };
    if (error instanceof ApiError && (error.status === 400 || error.status === 401))
      return { state: 'needs_token', problem: error };
    throw error;
  }
}

/**
 * Asks the server whether the service is installed and whether `attempt.token` is valid, again whenever a new
 * attempt object is given (a pasted token, or Try again with the same one).
 */
export function useInstallCheck(attempt: { token: string }): InstallCheck {
  const [check, setCheck] = useState<InstallCheck>({ state: 'checking' });
  useEffect(() => {
    let current = true;
    checkInstall(attempt.token).then(
      (result) => current && setCheck(result),
      (error: unknown) => current && setCheck({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  return check;
}
