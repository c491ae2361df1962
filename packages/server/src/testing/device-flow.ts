import { finalize, type SignedIn } from './oauth.js';
import type { ServerEndpoints } from './server.js';

/**
 * The hosted UI's part of a device authorization (RFC 8628 §3.3), as its device page calls it: the user code entered
 * by a signed-in browser, answered with the pending request the consent page shows (or an error).
 */
export async function enterUserCode(
  server: ServerEndpoints,
  signedIn: Pick<SignedIn, 'cookie' | 'csrfToken'>,
  userCode: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${server.publicUrl}/api/user/device-authorizations`, {
    method: 'POST',
    headers: {
      cookie: signedIn.cookie,
      'x-csrf-token': signedIn.csrfToken,
      'content-type': 'application/json',
      origin: new URL(server.config.baseUrl).origin,
      ...headers,
    },
    body: JSON.stringify({ user_code: userCode }),
  });
  return {
    status: response.status,
    json: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

/** Enters the user code and decides on the consent page; returns where the page then sends the browser. */
export async function decideDevice(
  server: ServerEndpoints,
  signedIn: Pick<SignedIn, 'cookie' | 'csrfToken'>,
  userCode: string,
  decision: 'approve' | 'deny',
  extra: Record<string, unknown> = {},
): Promise<URL> {
  const entered = await enterUserCode(server, signedIn, userCode);
  if (entered.status !== 200) throw new Error(`user code refused: ${JSON.stringify(entered.json)}`);
  const decided = await finalize(server, signedIn, {
    request_id: entered.json.request_id,
    decision,
    ...extra,
  });
  if (decided.status !== 200)
    throw new Error(`finalize answered ${decided.status}: ${JSON.stringify(decided.json)}`);
  return new URL(decided.json.redirect_uri as string);
}
