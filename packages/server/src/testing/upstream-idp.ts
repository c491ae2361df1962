import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** A person at the upstream provider: the claims its ID token and userinfo carry. */
export interface UpstreamAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** The authentication methods the provider reports (`amr`). */
  amr?: string[];
}

/**
 * Changes the provider's answers: the ID token of its token responses (`claims`, re-signed; `wrongKey` signs with
 * another key), or its userinfo responses (`userinfo`, merged into the JSON).
 */
export interface IdTokenTampering {
  claims?: Record<string, unknown>;
  wrongKey?: boolean;
  /** Signs with a key under a `kid` the provider never publishes (neither before nor after a rotation). */
  unpublishedKey?: boolean;
  userinfo?: Record<string, unknown>;
}

export interface UpstreamIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the provider signs in at its next authorization (its login page is automatic, for tests). */
  signInAs(account: UpstreamAccount): void;
  /** Makes the next token responses carry a doctored ID token (null: the provider's own again). */
  tamper(tampering: IdTokenTampering | null): void;
  /**
   * Rotates the signing key: from now on the JWKS endpoint publishes only a new key (another `kid`) and ID tokens
   * are signed with it.
   */
  rotateSigningKey(): void;
  /** How many times the JWKS endpoint was fetched. */
  jwksFetches(): number;
  close(): Promise<void>;
}

function signingKey(): { privateKey: KeyObject; jwk: Record<string, unknown> } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    jwk: { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' },
  };
}

/**
 * A real upstream OpenID provider (`oidc-provider`) on 127.0.0.1 over http (Tessera reaches it under the
 * development loopback flag). One confidential client registered with Tessera's redirect URI. Its interaction
 * (login and consent) is answered at once for the account set with `signInAs`; what a test needs to break (an ID
 * token's `iss`, `aud`, `nonce` or signature) is done to the token endpoint's real answer, re-signed.
 */
export async function startUpstreamIdp(redirectUri: string): Promise<UpstreamIdp> {
  const key = signingKey();
  const otherKey = signingKey();
  const clientId = `upstream-client-${randomUUID().slice(0, 8)}`;
  const clientSecret = randomUUID();
  const accounts = new Map<string, UpstreamAccount>();
  let next: UpstreamAccount | null = null;
  let tampering: IdTokenTampering | null = null;
  let rotatedKey: ReturnType<typeof signingKey> | null = null;
  let jwksFetches = 0;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [key.jwk] },
    pkce: { required: () => true },
    // Explicit lifetimes (and no notices about the defaults in the test output).
    ttl: {
      AccessToken: 600,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      AuthorizationCode: 60,
    },
    claims: {
      acr: null,
      amr: null,
      auth_time: null,
      iss: null,
      sid: null,
      // amr in the ID token whenever openid is asked for (oidc-provider sends only requested claims otherwise).
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    features: { devInteractions: { enabled: false } },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          const { amr: _amr, ...claims } = account;
          return claims;
        },
      };
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('upstream IdP error', error));

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const account = next;
    if (!account) throw new Error('the test did not say who signs in upstream (signInAs)');
    accounts.set(account.sub, account);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub, amr: account.amr ?? ['pwd'] }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  /** The token or userinfo response with the test's changes (an ID token re-signed). */
  async function doctored(body: string, path: string): Promise<string> {
    const json = JSON.parse(body) as Record<string, unknown>;
    if (path.startsWith('/me')) return JSON.stringify({ ...json, ...tampering?.userinfo });
    if (!(tampering || rotatedKey) || typeof json.id_token !== 'string') return body;
    const signer = tampering?.unpublishedKey ? otherKey : (rotatedKey ?? key);
    const kid = tampering?.wrongKey ? decodeProtectedHeader(json.id_token).kid : signer.jwk.kid;
    const claims = { ...decodeJwt(json.id_token), ...tampering?.claims };
    json.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: kid as string })
      .sign(tampering?.wrongKey ? otherKey.privateKey : signer.privateKey);
    return JSON.stringify(json);
  }

  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    const path = req.url ?? '';
    if (path.startsWith('/jwks')) jwksFetches += 1;
    if (rotatedKey && path.startsWith('/jwks')) {
      const { kty, n, e, kid, alg, use } = rotatedKey.jwk;
      res.setHeader('content-type', 'application/jwk-set+json; charset=utf-8');
      res.end(JSON.stringify({ keys: [{ kty, n, e, kid, alg, use }] }));
      return;
    }
    if (
      (tampering || rotatedKey) &&
      (path.startsWith('/token') || (path.startsWith('/me') && tampering?.userinfo))
    ) {
      const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
      const chunks: Buffer[] = [];
      res.write = ((chunk: unknown) => {
        chunks.push(Buffer.from(chunk as string));
        return true;
      }) as typeof res.write;
      res.end = ((chunk?: unknown) => {
        if (chunk) chunks.push(Buffer.from(chunk as string));
        doctored(Buffer.concat(chunks).toString('utf8'), path).then((body) => {
          res.setHeader('content-length', Buffer.byteLength(body));
          end(body);
        });
        return res;
      }) as typeof res.end;
    }
    handle(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account;
    },
    tamper(change) {
      tampering = change;
    },
    rotateSigningKey() {
      rotatedKey = signingKey();
    },
    jwksFetches: () => jwksFetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
