/**
 * The admin portal's view of the server: whether the service is installed, who is signed in, and the CSRF token
 * every mutating call carries. One provider above the router holds it, so it survives in-app navigation.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError, apiRequest, type HttpMethod } from '../shared/api';
import type { AdminApiResponse } from '../shared/api-types/admin-api';

type SessionResponse = AdminApiResponse<'GET /admin/session'>;

export type AdminIdentity = NonNullable<SessionResponse['admin']>;

export type AdminRole = AdminIdentity['role'];

export type SecondFactorMode = NonNullable<SessionResponse['second_factor']>;

export type SessionState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'not_installed' }
  /** `expired`: a call was refused because the session ended; `signed_out`: the admin signed out. */
  | { status: 'signed_out'; reason: 'none' | 'expired' | 'signed_out' }
  /**
   * Signed in with the password; a TOTP code is still owed: `verify` one, or `enroll` (admins must use TOTP by
   * default); null when not known yet (a reloaded page: the owed factor is asked of the server).
   */
  | {
      status: 'second_factor';
      admin: AdminIdentity | null;
      csrfToken: string | null;
      mode: SecondFactorMode | null;
    }
  | { status: 'signed_in'; admin: AdminIdentity; csrfToken: string };

async function loadState(): Promise<SessionState> {
  const install = await apiRequest<AdminApiResponse<'GET /install'>>('GET', '/install');
  if (!install.installed) return { status: 'not_installed' };
  const session = await apiRequest<SessionResponse>('GET', '/admin/session');
  if (session.authenticated && session.admin && session.csrf_token)
    return { status: 'signed_in', admin: session.admin, csrfToken: session.csrf_token };
  return { status: 'signed_out', reason: 'none' };
}

interface SessionContextValue {
  state: SessionState;
  /** Asks the server again (after install, or to retry a failed load). */
  refresh: () => void;
  signedIn: (
    admin: AdminIdentity,
    csrfToken: string,
    secondFactorRequired: boolean,
    secondFactor: SecondFactorMode | null,
  ) => void;
  /** The owed second factor was given: the session (and its CSRF token) rotated. */
  secondFactorDone: (csrfToken: string) => void;
  /** A password change rotates the session and with it the CSRF token. */
  setCsrfToken: (csrfToken: string) => void;
  signedOut: () => void;
  /** Latest CSRF token, for calls made from callbacks (never stale). */
  csrfRef: { readonly current: string | null };
  onRefused: (error: ApiError) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const csrfRef = useRef<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  csrfRef.current =
    state.status === 'signed_in' || state.status === 'second_factor' ? (state.csrfToken ?? null) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger.
  useEffect(() => {
    let current = true;
    loadState().then(
      (loaded) => current && setState(loaded),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [generation]);

  // Stable callbacks: pages keep their loaded data when the session state changes (a rotated CSRF token).
  const actions = useMemo(
    () => ({
      refresh: () => {
        setState({ status: 'loading' });
        setGeneration((number) => number + 1);
      },
      signedIn: (
        admin: AdminIdentity,
        csrfToken: string,
        secondFactorRequired: boolean,
        secondFactor: SecondFactorMode | null,
      ) =>
        setState(
          secondFactorRequired
            ? { status: 'second_factor', admin, csrfToken, mode: secondFactor }
            : { status: 'signed_in', admin, csrfToken },
        ),
      secondFactorDone: (csrfToken: string) => {
        const previous = stateRef.current;
        if (previous.status === 'second_factor' && previous.admin) {
          setState({ status: 'signed_in', admin: previous.admin, csrfToken });
          return;
        }
        // Without the admin's identity (a reloaded page), ask the server for the whole session again.
        setState({ status: 'loading' });
        setGeneration((number) => number + 1);
      },
      setCsrfToken: (csrfToken: string) => {
        // At once, not at the next render: a call made right after (a retried change) must carry the new token.
        csrfRef.current = csrfToken;
        setState((previous) => (previous.status === 'signed_in' ? { ...previous, csrfToken } : previous));
      },
      signedOut: () => setState({ status: 'signed_out', reason: 'signed_out' }),
      onRefused: (error: ApiError) => {
        if (error.status !== 401) return;
        if (error.code === 'admin_session_required') setState({ status: 'signed_out', reason: 'expired' });
        else if (error.code === 'second_factor_required')
          setState((previous) =>
            previous.status === 'second_factor'
              ? previous
              : {
                  status: 'second_factor',
                  admin: previous.status === 'signed_in' ? previous.admin : null,
                  csrfToken: previous.status === 'signed_in' ? previous.csrfToken : null,
                  mode: null,
                },
          );
      },
    }),
    [],
  );
  const value = useMemo<SessionContextValue>(() => ({ state, csrfRef, ...actions }), [state, actions]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <AdminSessionProvider>');
  return value;
}

/** The signed-in admin (only inside pages shown to a signed-in admin). */
export function useAdmin(): { admin: AdminIdentity; canWrite: boolean } {
  const { state } = useSession();
  if (state.status !== 'signed_in') throw new Error('useAdmin needs a signed-in admin');
  return { admin: state.admin, canWrite: state.admin.role === 'write' };
}

export interface AdminApi {
  get: <T>(path: string, signal?: AbortSignal) => Promise<T>;
  post: <T>(path: string, body?: unknown) => Promise<T>;
  put: <T>(path: string, body?: unknown) => Promise<T>;
  patch: <T>(path: string, body?: unknown) => Promise<T>;
  delete: <T>(path: string) => Promise<T>;
}

/**
 * Admin API calls carry the session’s CSRF token, and a refusal because the session ended sends
 * the portal back to sign-in (the page's own error handling still sees the error).
 */
export function useAdminApi(): AdminApi {
  const { csrfRef, onRefused } = useSession();
  const call = useCallback(
    async <T,>(method: HttpMethod, path: string, body?: unknown, signal?: AbortSignal): Promise<T> => {
      const headers: Record<string, string> = {};
      // Every call carries it: changes need it, and so do reads reserved to write admins (`admin-write`, e.g.
      // the SCIM token list).
      if (csrfRef.current) headers['X-CSRF-Token'] = csrfRef.current;
      try {
        return await apiRequest<T>(method, path, { body, headers, signal });
      } catch (error) {
        if (error instanceof ApiError) onRefused(error);
        throw error;
      }
    },
    [csrfRef, onRefused],
  );
  return useMemo(
    () => ({
      get: <T,>(path: string, signal?: AbortSignal) => call<T>('GET', path, undefined, signal),
      post: <T,>(path: string, body?: unknown) => call<T>('POST', path, body),
      put: <T,>(path: string, body?: unknown) => call<T>('PUT', path, body),
      patch: <T,>(path: string, body?: unknown) => call<T>('PATCH', path, body),
      delete: <T,>(path: string) => call<T>('DELETE', path),
    }),
    [call],
  );
}
