import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import type { Sealer } from '../crypto/seal.js';
import { sha256 } from '../crypto/tokens.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Db } from '../db/client.js';
import { afterCommit, inTransaction } from '../db/transactions.js';
import type { OutboundFetch } from '../outbound/index.js';
import { type GrantType, STANDARD_SCOPES } from '../protocol/oauth/vocabulary.js';
import { CLIENT_JWT_CLOCK_TOLERANCE_SECONDS, ClientJwtRefused, ClientKeys } from './client-jwt.js';
import { iconEtag, validateIcon } from './icon.js';
import {
  authenticationMethodOf,
  type Client,
  type ClientInput,
  type ClientSecretInfo,
  ClientValidationError,
  fapi2KeyProblem,
  validateBackchannelLogoutUri,
  validateClientInput,
} from './model.js';
import { ClientNotFoundError } from './not-found.js';
import { type ClientListPosition, type ClientListRow, type ClientRow, ClientStore } from './store.js';

export type { ClientListPosition } from './store.js';
export { ClientNotFoundError };

interface CachedClient {
  client: Client;
  /** SHA-256 of the active secret: compared in constant time, so the plaintext is never kept in memory. */
  secretDigest: Buffer | null;
  secretId: string | null;
}

export class ClientIconNotFoundError extends Error {
  override name = 'ClientIconNotFoundError';
}

const SECRET_TOUCH_INTERVAL_MS = 60_000;

function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoUri: row.logoUri,
    appUrl: row.appUrl,
    type: row.type as Client['type'],
    redirectUris: row.redirectUris,
    postLogoutRedirectUris: row.postLogoutRedirectUris,
    grantTypes: row.grantTypes as GrantType[],
    scopes: row.scopes,
    requirePkce: row.requirePkce,
    idTokenSignedResponseAlg: row.idTokenSignedResponseAlg as Client['idTokenSignedResponseAlg'],
    accessTokenTtlSeconds: row.accessTokenTtlSeconds,
    idTokenTtlSeconds: row.idTokenTtlSeconds,
    refreshTokenTtlSeconds: row.refreshTokenTtlSeconds,
    firstParty: row.firstParty,
    organizationRequired: row.organizationRequired,
    zkDelivery: row.zkDelivery as Client['zkDelivery'],
    zkRequired: row.zkRequired,
    dpopBoundAccessTokens: row.dpopBoundAccessTokens,
    zkKeyScope: row.zkKeyScope as Client['zkKeyScope'],
    showOnDashboard: row.showOnDashboard,
    tokenEndpointAuthMethod: authenticationMethodOf({
      type: row.type as Client['type'],
      token_endpoint_auth_method: (row.tokenEndpointAuthMethod ?? undefined) as
        | Client['tokenEndpointAuthMethod']
        | undefined,
    }),
    jwks: row.jwks ?? null,
    jwksUri: row.jwksUri ?? null,
    requirePushedAuthorizationRequests: row.requirePushedAuthorizationRequests,
    fapi2Profile: row.fapi2Profile,
    backchannelLogoutUri: row.backchannelLogoutUri ?? null,
    backchannelLogoutSessionRequired: row.backchannelLogoutSessionRequired,
    logoutEndsOfflineAccess: row.logoutEndsOfflineAccess,
    tokenExchange: row.tokenExchange
      ? {
          audiences: row.tokenExchange.audiences,
          scopes: row.tokenExchange.scopes,
          subjectClients: row.tokenExchange.subject_clients ?? [],
        }
      : null,
    icon:
      row.iconEtag && row.iconContentType && row.iconUpdatedAt
        ? {
            contentType: row.iconContentType,
            byteLength: row.iconByteLength ?? 0,
            etag: row.iconEtag,
            updatedAt: row.iconUpdatedAt,
          }
        : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function secretOf(row: ClientListRow): ClientSecretInfo | null {
  if (row.secretId === null || row.secretHint === null || row.secretCreatedAt === null) return null;
  return {
    id: row.secretId,
    hint: row.secretHint,
    createdAt: row.secretCreatedAt,
    lastUsedAt: row.secretLastUsedAt,
  };
}

/** Default scopes: what an OIDC client needs; offline_access only with refresh tokens. */
function scopesFor(input: ClientInput): { scope: string; description: string }[] {
  const requested = input.scopes ?? [
    { scope: 'openid', description: '' },
    { scope: 'profile', description: '' },
    { scope: 'email', description: '' },
    ...(input.grant_types.includes('refresh_token') ? [{ scope: 'offline_access', description: '' }] : []),
  ];
  return requested.map(({ scope, description }) => ({
    scope,
    description: description || STANDARD_SCOPES[scope] || scope,
  }));
}

function rowValues(input: ClientInput) {
  // FAPI 2.0 (docs/integration.md#fapi-20-security-profile): the profile implies the flags that enforce it.
  const fapi2 = input.fapi2_profile ?? false;
  return {
    name: input.name,
    description: input.description ?? '',
    logoUri: input.logo_uri ?? null,
    appUrl: input.app_url ?? null,
    type: input.type,
    redirectUris: input.redirect_uris,
    postLogoutRedirectUris: input.post_logout_redirect_uris ?? [],
    grantTypes: input.grant_types,
    scopes: scopesFor(input),
    requirePkce: input.type === 'public' || fapi2 ? true : (input.require_pkce ?? true),
    // FAPI 2.0 Security Profile §5.4.1: ES256 unless the client chose EdDSA (RS256 is refused there).
    idTokenSignedResponseAlg: input.id_token_signed_response_alg ?? (fapi2 ? 'ES256' : 'RS256'),
    accessTokenTtlSeconds: input.access_token_ttl_seconds ?? null,
    idTokenTtlSeconds: input.id_token_ttl_seconds ?? null,
    refreshTokenTtlSeconds: input.refresh_token_ttl_seconds ?? null,
    firstParty: input.first_party ?? false,
    organizationRequired: input.organization_required ?? false,
    zkDelivery: input.zk_delivery ?? 'none',
    zkRequired: input.zk_required ?? false,
    dpopBoundAccessTokens: fapi2 || (input.dpop_bound_access_tokens ?? false),
    zkKeyScope: input.zk_key_scope ?? 'client',
    showOnDashboard: input.show_on_dashboard ?? true,
    tokenEndpointAuthMethod: authenticationMethodOf(input),
    jwks: input.jwks ?? null,
    jwksUri: input.jwks_uri || null,
    requirePushedAuthorizationRequests: fapi2 || (input.require_pushed_authorization_requests ?? false),
    fapi2Profile: fapi2,
    backchannelLogoutUri: input.backchannel_logout_uri || null,
    backchannelLogoutSessionRequired: input.backchannel_logout_session_required ?? false,
    logoutEndsOfflineAccess: input.logout_ends_offline_access ?? false,
    tokenExchange: input.token_exchange ?? null,
  };
}

/** The longest an assertion may live (its `exp` from now): replay protection keeps each jti until then. */
const MAX_ASSERTION_LIFETIME_SECONDS = 300;
/** RFC 9101 §10.8 and §4: the `typ` of a request object, with or without the media type's `application/`. */
const REQUEST_OBJECT_TYPES = ['oauth-authz-req+jwt', 'application/oauth-authz-req+jwt'];

/**
 * Clients: registration, secrets and authentication. Lookups on the token hot path come from an in-memory cache
 * that every node drops for a client when any node changes it (change bus topic `clients`), and that is bypassed
 * while the node cannot confirm it hears those changes.
 */
export class ClientService {
  private readonly store: ClientStore;
  private readonly cache = new Map<string, Promise<CachedClient | null>>();
  private readonly lastTouched = new Map<string, number>();
  /** The clients' registered public keys (inline or fetched from their jwks_uri). */
  readonly keys: ClientKeys;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly bus: ChangeBus,
    /** The issuer: the audience of client assertions and request objects. */
    private readonly issuer: string,
    /** The SSRF-safe outbound fetch, for jwks_uri. */
    fetch: OutboundFetch,
    /** Whether the outbound policy allows loopback (tests, development): checked for backchannel_logout_uri. */
    private readonly outboundAllowLoopback = false,
  ) {
    this.store = new ClientStore(db);
    this.keys = new ClientKeys(fetch);
    bus.on('clients', (id) => {
      if (id === '*') this.cache.clear();
      else this.cache.delete(id);
      if (id !== '*') this.keys.forget(id);
    });
  }

  private secretContext(secretId: string) {
    return { table: 'client_secrets', column: 'secret_sealed', row: secretId };
  }

  private newSecret(): { id: string; plaintext: string; sealed: string; hint: string } {
    const id = randomUUID();
    const plaintext = randomBytes(32).toString('base64url');
    return {
      id,
      plaintext,
      sealed: this.sealer.seal(plaintext, this.secretContext(id)),
      hint: plaintext.slice(-4),
    };
  }

  private async load(id: string): Promise<CachedClient | null> {
    const row = await this.store.find(id);
    if (!row) return null;
    const client = toClient(row);
    if (client.type !== 'confidential') return { client, secretDigest: null, secretId: null };
    const secret = await this.store.activeSecret(id);
    if (!secret) return { client, secretDigest: null, secretId: null };
    const plaintext = this.sealer.open(secret.secretSealed, this.secretContext(secret.id));
    return { client, secretDigest: sha256(plaintext), secretId: secret.id };
  }

  private cached(id: string): Promise<CachedClient | null> {
    // A node that cannot confirm its cache is current (cut off from change notifications) must not vouch for a
    // secret or a configuration another node may have changed: it reads the database, and fails with it
    // (docs/operations.md, "Database partition"). Nothing read meanwhile is kept; the reload on recovery clears all.
    if (!this.bus.isCurrent()) return this.load(id);
    // Inside a transaction this may read a change that still rolls back: read it, but do not keep it.
    if (inTransaction(this.db)) return this.load(id);
    let entry = this.cache.get(id);
    if (!entry) {
      entry = this.load(id);
      this.cache.set(id, entry);
      // A failed load must not stick; an unknown client is re-checked next time (it may be created meanwhile).
      entry.then(
        (value) => value === null && this.cache.delete(id),
        () => this.cache.delete(id),
      );
    }
    return entry;
  }

  async find(id: string): Promise<Client | null> {
    return (await this.cached(id))?.client ?? null;
  }

  async list(): Promise<Client[]> {
    return (await this.store.list()).map(toClient);
  }

  /**
   * The clients the account page offers (shown on the dashboard, with an app URL), by name then client ID, at most
   * `limit` (docs/users.md#for-apps): read from their own index, not the whole registry.
   */
  async dashboardApps(limit: number): Promise<Client[]> {
    return (await this.store.dashboard(limit)).map(toClient);
  }

  /**
   * One page of the admin list, by name then id, after `after` (docs/admin.md#daily-tasks), with each client's secret
   * metadata, and where the next page starts (null on the last). Read in one statement from the database, not
   * the token path's cache: a list is not on the hot path, and the cache holds only what was asked for.
   */
  async page(options: { search: string; after: ClientListPosition | null; limit: number }): Promise<{
    entries: { client: Client; secret: ClientSecretInfo | null }[];
    next: ClientListPosition | null;
  }> {
    // One row more than asked: whether another page follows, without a count.
    const rows = await this.store.page({ ...options, limit: options.limit + 1 });
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      entries: page.map((row) => {
        const client = toClient(row);
        return { client, secret: client.type === 'confidential' ? secretOf(row) : null };
      }),
      next: rows.length > options.limit && last ? { name: last.name, id: last.id } : null,
    };
  }

  async secretInfo(id: string): Promise<ClientSecretInfo | null> {
    const secret = await this.store.activeSecret(id);
    return secret
      ? { id: secret.id, hint: secret.hint, createdAt: secret.createdAt, lastUsedAt: secret.lastUsedAt }
      : null;
  }

  /**
   * A FAPI 2.0 client's `jwks_uri` is fetched at registration, through the outbound policy (no private or loopback
   * addresses, size and time limits), and must serve keys the profile allows: a client is not registered with keys
   * it could never authenticate with.
   */
  private async checkFapi2KeySet(input: ClientInput): Promise<void> {
    if (!input.fapi2_profile || !input.jwks_uri) return;
    let keys: { keys: Record<string, unknown>[] };
    try {
      keys = (await this.keys.fetchKeySet(input.jwks_uri)) as unknown as { keys: Record<string, unknown>[] };
    } catch (error) {
      if (error instanceof ClientJwtRefused)
        throw new ClientValidationError(`fapi2_profile: jwks_uri: ${error.message}`);
      throw error;
    }
    const problem = fapi2KeyProblem(keys.keys);
    if (problem) throw new ClientValidationError(`fapi2_profile: the JWK Set at jwks_uri ${problem}`);
  }

  private validate(input: ClientInput): void {
    validateClientInput(input);
    if (input.backchannel_logout_uri)
      validateBackchannelLogoutUri(input.backchannel_logout_uri, this.outboundAllowLoopback);
  }

  /** Registers a client; a confidential client's secret is returned here in plaintext, and never again. */
  async create(input: ClientInput): Promise<{ client: Client; secret: string | null }> {
    this.validate(input);
    await this.checkFapi2KeySet(input);
    const id = input.client_id ?? randomBytes(16).toString('base64url');
    if (await this.store.find(id))
      throw new ClientValidationError(`client_id: '${id}' is already registered`);
    // A client authenticating with private_key_jwt has no secret (an admin may still rotate one in later).
    const secret =
      input.type === 'confidential' && authenticationMethodOf(input) !== 'private_key_jwt'
        ? this.newSecret()
        : null;
    await this.store.insert({ id, ...rowValues(input) }, secret);
    await this.changed(id);
    return { client: (await this.find(id))!, secret: secret?.plaintext ?? null };
  }

  async update(id: string, input: ClientInput): Promise<Client> {
    this.validate(input);
    await this.checkFapi2KeySet(input);
    const existing = await this.store.find(id);
    if (!existing) throw new ClientNotFoundError(id);
    if (existing.type !== input.type)
      throw new ClientValidationError('type: cannot be changed after registration');
    await this.store.update(id, { ...rowValues(input), updatedAt: new Date() });
    await this.changed(id);
    return (await this.find(id))!;
  }

  async delete(id: string): Promise<void> {
    if (!(await this.store.delete(id))) throw new ClientNotFoundError(id);
    await this.changed(id);
  }

  /** Replaces a confidential client's secret; the old one stops authenticating on every node at once. */
  async rotateSecret(id: string): Promise<string> {
    const existing = await this.store.find(id);
    if (!existing) throw new ClientNotFoundError(id);
    if (existing.type !== 'confidential')
      throw new ClientValidationError('type: public clients have no secret');
    if (existing.fapi2Profile)
      throw new ClientValidationError(
        'fapi2_profile: the client authenticates with private_key_jwt, not a secret',
      );
    const secret = this.newSecret();
    await this.store.replaceSecret(id, secret);
    await this.changed(id);
    return secret.plaintext;
  }

  /**
   * Stores (or replaces) a client's icon after checking its type, magic bytes and size. The cached client carries
   * the icon's version, so every node drops it and the hosted UI's icon URL changes everywhere at once.
   */
  async setIcon(id: string, declaredType: string, bytes: Buffer): Promise<Client> {
    const contentType = validateIcon(declaredType, bytes);
    const stored = await this.store.upsertIcon({ clientId: id, contentType, bytes, etag: iconEtag(bytes) });
    if (!stored) throw new ClientNotFoundError(id);
    await this.changed(id);
    return (await this.find(id))!;
  }

  async removeIcon(id: string): Promise<void> {
    if (!(await this.store.find(id))) throw new ClientNotFoundError(id);
    if (!(await this.store.deleteIcon(id))) throw new ClientIconNotFoundError(id);
    await this.changed(id);
  }

  /** The icon's bytes, or null when the client or its icon does not exist. */
  async readIcon(id: string): Promise<{ contentType: string; bytes: Buffer; etag: string } | null> {
    const row = await this.store.findIcon(id);
    return row ? { contentType: row.contentType, bytes: row.bytes, etag: row.etag } : null;
  }

  /** Checks a presented secret in constant time against the active one. */
  async verifySecret(client: Client, presented: string): Promise<boolean> {
    const cached = await this.cached(client.id);
    if (!cached?.secretDigest || !cached.secretId) return false;
    const ok = timingSafeEqual(sha256(presented), cached.secretDigest);
    if (ok) this.touch(cached.secretId);
    return ok;
  }

  /**
   * Authenticates a `private_key_jwt` assertion (RFC 7523 §3, OIDC Core §9): signed with one of the client's
   * keys, `iss` and `sub` the client, `aud` the issuer alone (RFC 7523bis: the issuer identifier, not an endpoint
   * URL, so an assertion cannot be replayed at another server's endpoint), `exp` within five minutes, and a `jti`
   * never used before by this client on any node (the unique row is inserted once; a second insert finds it).
   */
  async verifyAssertion(client: Client, assertion: string): Promise<void> {
    const payload = await this.keys.verify(client, assertion, this.issuer);
    if (payload.sub !== client.id) throw new ClientJwtRefused('the assertion sub must be the client_id');
    if (payload.aud !== this.issuer)
      throw new ClientJwtRefused('the assertion aud must be the issuer identifier, alone');
    const now = Math.floor(Date.now() / 1000);
    const exp = payload.exp as number;
    if (exp - now > MAX_ASSERTION_LIFETIME_SECONDS)
      throw new ClientJwtRefused(`the assertion must expire within ${MAX_ASSERTION_LIFETIME_SECONDS} s`);
    if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 200)
      throw new ClientJwtRefused('the assertion needs a jti');
    const expiresAt = new Date((exp + CLIENT_JWT_CLOCK_TOLERANCE_SECONDS) * 1000);
    if (!(await this.store.recordAssertionJti(client.id, payload.jti, expiresAt)))
      throw new ClientJwtRefused('the assertion was used before (jti)');
  }

  /**
   * Verifies a request object (RFC 9101 §6): signed with one of the client's keys, `iss` the client, `aud` the
   * issuer, `exp` present, and a `typ` header, when there is one, of `oauth-authz-req+jwt` (RFC 9101 §10.8: no
   * other JWT of the client, a DPoP proof or a client assertion, passes for a request object). A FAPI 2.0 client's
   * request object with a `jti` is used once (the `jti` is recorded with its assertions', under a `request:`
   * prefix, so the two never meet). Returns its claims; the caller takes the authorization parameters from them.
   */
  async verifyRequestObject(client: Client, jwt: string): Promise<Record<string, unknown>> {
    let typ: unknown;
    try {
      typ = decodeProtectedHeader(jwt).typ;
    } catch {
      throw new ClientJwtRefused('not a signed JWT');
    }
    if (typ !== undefined && !REQUEST_OBJECT_TYPES.includes(String(typ).toLowerCase()))
      throw new ClientJwtRefused('typ must be oauth-authz-req+jwt (RFC 9101 §10.8)');
    const payload = await this.keys.verify(client, jwt, this.issuer);
    if (client.fapi2Profile && payload.jti !== undefined) {
      if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 200)
        throw new ClientJwtRefused('the jti is not valid');
      const expiresAt = new Date(((payload.exp as number) + CLIENT_JWT_CLOCK_TOLERANCE_SECONDS) * 1000);
      if (!(await this.store.recordAssertionJti(client.id, `request:${payload.jti}`, expiresAt)))
        throw new ClientJwtRefused('the request object was used before (jti)');
    }
    return payload;
  }

  /** Records last use at most once a minute per secret, off the request path. */
  private touch(secretId: string): void {
    const now = Date.now();
    if (now - (this.lastTouched.get(secretId) ?? 0) < SECRET_TOUCH_INTERVAL_MS) return;
    this.lastTouched.set(secretId, now);
    this.store.touchSecret(secretId, new Date(now)).catch(() => {});
  }

  /** Every node drops the client once the change has committed (the NOTIFY reaches this node as well). */
  private async changed(id: string): Promise<void> {
    await afterCommit(this.db, () => {
      this.cache.delete(id);
    });
    await this.bus.publish('clients', id);
  }
}
