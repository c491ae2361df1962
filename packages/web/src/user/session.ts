/** The first-party session as GET /session describes it, and the CSRF header its state changes need. */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../shared/api';
import type { PublicApiResponse } from '../shared/api-types/public-api';

type SessionResponse = PublicApiResponse<'GET /session'>;

export type SessionUser = NonNullable<SessionResponse['user']>;

// The schema declares one object with optional members; the server sends all of them or only `authenticated: false`.
export type Session =
  | { authenticated: false }
  | ({ authenticated: true } & Required<Omit<SessionResponse, 'authenticated'>>);

export function fetchSession(): Promise<Session> {
  return api.get<Session>('/session');
}

/** The header every cookie-authenticated state change carries. */
export function csrfHeaders(csrfToken: string): Record<string, string> {
  return { 'X-CSRF-Token': csrfToken };
}

export type SessionLoad =
  | { state: 'loading' }
  | { state: 'ready'; session: Session }
  | { state: 'failed'; error: ApiError };

/** Loads /session when the page opens; `reload` asks again (after sign-in, sign-out or a password change). */
export function useSession(): SessionLoad & { reload: () => void } {
  const [load, setLoad] = useState<SessionLoad>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger.
  useEffect(() => {
    let current = true;
    fetchSession().then(
      (session) => {
        if (current) setLoad({ state: 'ready', session });
      },
      (error: unknown) => {
        if (current)
          setLoad({
            state: 'failed',
            error: error instanceof ApiError ? error : new ApiError(0, 'network_error', String(error)),
          });
      },
    );
    return () => {
      current = false;
    };
  }, [generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...load, reload };
}
