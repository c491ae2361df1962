/**
 * The hosted UI's WebAuthn ceremonies (via @simplewebauthn/browser) with the PRF extension (WebAuthn Level 3
 * §10.1.4, docs/zk.md §3.4). The server's options carry PRF salts as base64url; the browser needs bytes, so they
 * are converted here. A PRF output never leaves this page: it is taken out of the extension results before the
 * response is sent to the server.
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { type Bytes, decodeBase64url } from '../../shared/zk';
import { csrfHeaders } from '../session';

type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];
export type Passkey = PublicApiResponse<'GET /api/user/passkeys'>['passkeys'][number];
export type PasskeySignIn = PublicApiResponse<'POST /api/user/passkeys/sign-in/verify'>;

interface PrfInputs {
  eval?: { first: string };
  evalByCredential?: Record<string, { first: string }>;
}

/** The same PRF inputs with the salts as bytes (what `navigator.credentials` takes). */
function prfInputsAsBytes(prf: PrfInputs) {
  const bytes = (salt: { first: string }) => ({ first: decodeBase64url(salt.first) });
  return {
    ...(prf.eval ? { eval: bytes(prf.eval) } : {}),
    ...(prf.evalByCredential
      ? {
          evalByCredential: Object.fromEntries(
            Object.entries(prf.evalByCredential).map(([id, salt]) => [id, bytes(salt)]),
          ),
        }
      : {}),
  };
}

function withPrfBytes<T extends { extensions?: unknown }>(options: T): T {
  const extensions = options.extensions as { prf?: PrfInputs } | undefined;
  if (!extensions?.prf) return options;
  return { ...options, extensions: { ...extensions, prf: prfInputsAsBytes(extensions.prf) } };
}

/**
 * Takes the PRF output (`prf.results.first`, 32 bytes) out of a credential's extension results, so the rest can go
 * to the server; null when the authenticator gave none.
 */
function takePrfOutput(results: Record<string, unknown>): Bytes | null {
  const prf = results.prf as { enabled?: boolean; results?: { first?: BufferSource } } | undefined;
  if (!prf) return null;
  const first = prf.results?.first;
  results.prf = prf.enabled === undefined ? {} : { enabled: prf.enabled };
  if (!first) return null;
  return new Uint8Array(
    ArrayBuffer.isView(first)
      ? first.buffer.slice(first.byteOffset, first.byteOffset + first.byteLength)
      : first,
  );
}

/** Registers a passkey for the signed-in user. The PRF output comes back when the authenticator gives it at creation. */
export async function registerPasskey(
  name: string,
  csrfToken: string,
): Promise<{ passkey: Passkey; prfOutput: Bytes | null }> {
  const { options } = await api.post<{ options: RegistrationOptions }>(
    '/api/user/passkeys/registration/options',
    undefined,
    { headers: csrfHeaders(csrfToken) },
  );
  const response = await startRegistration({ optionsJSON: withPrfBytes(options) });
  const prfOutput = takePrfOutput(response.clientExtensionResults as Record<string, unknown>);
  const passkey = await api.post<Passkey>(
    '/api/user/passkeys/registration/verify',
    { name, response },
    { headers: csrfHeaders(csrfToken) },
  );
  return { passkey, prfOutput };
}

/**
 * Signs in with a discoverable passkey: any account's (no email), or email-first, where the server accepts only a
 * passkey of that account (the request is discoverable all the same: the options never list credentials). When the
 * passkey can unlock keys but gave no PRF output in the sign-in (a discoverable request cannot name per-credential
 * salts), it is evaluated once more, locally, with its own salt: nothing of that second ceremony goes to the server.
 */
export async function signInWithPasskey(
  email: string | null = null,
  requestId: string | null = null,
): Promise<{ result: PasskeySignIn; prfOutput: Bytes | null }> {
  const { options } = await api.post<{ options: AuthenticationOptions }>(
    '/api/user/passkeys/sign-in/options',
    email === null ? {} : { email },
  );
  const response = await startAuthentication({ optionsJSON: withPrfBytes(options) });
  let prfOutput = takePrfOutput(response.clientExtensionResults as Record<string, unknown>);
  const result = await api.post<PasskeySignIn>('/api/user/passkeys/sign-in/verify', {
    response,
    ...(requestId ? { request_id: requestId } : {}),
  });
  if (result.prf && prfOutput === null)
    prfOutput = await evaluatePrf(result.prf.credential_id, result.prf.prf_salt);
  return { result, prfOutput };
}

/**
 * Evaluates the PRF of whichever of `candidates` the user presents, each with its own salt (`evalByCredential`,
 * keyed by base64url credential id), with a local challenge: nothing of this ceremony goes to the server. The
 * credential that answered and its PRF output; null when the user cancelled or the authenticator gave no output.
 */
export async function evaluatePrfOfAny(
  candidates: { credentialId: string; salt: string }[],
): Promise<{ credentialId: string; prfOutput: Bytes } | null> {
  if (candidates.length === 0) return null;
  try {
    const challenge = new Uint8Array(32);
    globalThis.crypto.getRandomValues(challenge);
    const credential = (await navigator.credentials.get({
      publicKey: {
        challenge,
        allowCredentials: candidates.map(({ credentialId }) => ({
          type: 'public-key' as const,
          id: decodeBase64url(credentialId),
        })),
        userVerification: 'preferred',
        extensions: {
          prf: {
            evalByCredential: Object.fromEntries(
              candidates.map(({ credentialId, salt }) => [credentialId, { first: decodeBase64url(salt) }]),
            ),
          },
        } as AuthenticationExtensionsClientInputs,
      },
    })) as PublicKeyCredential | null;
    if (!credential) return null;
    const prfOutput = takePrfOutput(credential.getClientExtensionResults() as Record<string, unknown>);
    return prfOutput ? { credentialId: credential.id, prfOutput } : null;
  } catch {
    return null;
  }
}

/** Evaluates one credential's PRF with `salt`, with a local challenge (the assertion itself is not used). */
async function evaluatePrf(credentialId: string, salt: string): Promise<Bytes | null> {
  try {
    const challenge = new Uint8Array(32);
    globalThis.crypto.getRandomValues(challenge);
    const credential = (await navigator.credentials.get({
      publicKey: {
        challenge,
        allowCredentials: [{ type: 'public-key', id: decodeBase64url(credentialId) }],
        userVerification: 'preferred',
        extensions: {
          prf: { eval: { first: decodeBase64url(salt) } },
        } as AuthenticationExtensionsClientInputs,
      },
    })) as PublicKeyCredential | null;
    return credential
      ? takePrfOutput(credential.getClientExtensionResults() as Record<string, unknown>)
      : null;
  } catch {
    // The user cancelled, or the authenticator refused: signed in all the same, keys stay locked.
    return null;
  }
}
