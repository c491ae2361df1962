import { randomUUID } from 'node:crypto';
import { appError } from '../app/errors.js';
import type { Sealer } from '../crypto/seal.js';
import { randomToken } from '../crypto/tokens.js';
import { isUniqueViolation } from '../db/errors.js';
import { federationError } from './errors.js';
import type { ConnectionRow, DomainRow, FederationStore } from './store.js';
import type { FederationClaimMapping } from './tables.js';
import type { UpstreamProvider } from './upstream.js';

export type AccountLinkingPolicy = 'disabled' | 'email_verified' | 'email';

/**
 * A connection as the admin API writes it (docs/federation.md#admin-api-admin-port); absent fields keep their
 * value on update.
 */
export interface ConnectionInput {
  name: string;
  issuer: string;
  clientId: string;
  /** Write-only: replaces the stored secret; an empty string removes it. */
  clientSecret?: string;
  discoveryUrl?: string | null;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  jwksUri?: string;
  userinfoEndpoint?: string | null;
  scopes?: string[];
  claimMapping?: FederationClaimMapping;
  accountLinkingPolicy?: AccountLinkingPolicy;
  jitProvisioning?: boolean;
  trustUpstreamMfa?: boolean;
  allowLocalAccounts?: boolean;
  domains?: string[];
  enabled?: boolean;
}

export interface Connection {
  row: ConnectionRow;
  domains: DomainRow[];
}

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A domain as stored and compared: lower case, no trailing dot. */
export function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, '');
}

/** The domain part of an email address, normalized, or null when it has none. */
export function domainOfEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return null;
  const domain = normalizeDomain(email.slice(at + 1));
  return DOMAIN.test(domain) ? domain : null;
}

function checkedDomains(domains: string[]): string[] {
  const normalized = [...new Set(domains.map(normalizeDomain))];
  for (const domain of normalized) {
    if (!DOMAIN.test(domain)) throw appError('invalid_request', `'${domain.slice(0, 100)}' is not a domain`);
  }
  return normalized;
}

/**
 * Upstream connections (docs/federation.md#admin-api-admin-port): the secret sealed under the KEK, endpoints
 * filled by discovery.
 */
export class FederationConnectionService {
  constructor(
    private readonly store: FederationStore,
    private readonly sealer: Sealer,
    private readonly upstream: UpstreamProvider,
    private readonly allowInsecureHttp: boolean,
  ) {}

  private secretContext(id: string) {
    return { table: 'federation_connections', column: 'client_secret_sealed', row: id };
  }

  /** The plaintext client secret, for the token request only. */
  clientSecretOf(row: ConnectionRow): string | null {
    return row.clientSecretSealed
      ? this.sealer.openText(row.clientSecretSealed, this.secretContext(row.id))
      : null;
  }

  /**
   * https, or http only under the development loopback flag (docs/federation.md#outbound-requests: a public
   * HTTPS provider URL).
   */
  private checkUrl(name: string, value: string): string {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw appError('invalid_request', `${name} must be an absolute URL`);
    }
    const allowed = this.allowInsecureHttp ? ['https:', 'http:'] : ['https:'];
    if (!allowed.includes(url.protocol)) throw appError('invalid_request', `${name} must use https`);
    if (url.username || url.password || url.hash) {
      throw appError('invalid_request', `${name} must not carry credentials or a fragment`);
    }
    return value;
  }

  /** Fills missing endpoints by discovery and checks every URL; the discovered issuer must be the one entered. */
  private async endpoints(input: ConnectionInput, current?: ConnectionRow) {
    const issuer = this.checkUrl('issuer', input.issuer);
    const discoveryUrl =
      input.discoveryUrl === undefined ? (current?.discoveryUrl ?? null) : input.discoveryUrl;
    if (discoveryUrl) this.checkUrl('discoveryUrl', discoveryUrl);
    let authorizationEndpoint = input.authorizationEndpoint ?? current?.authorizationEndpoint;
    let tokenEndpoint = input.tokenEndpoint ?? current?.tokenEndpoint;
    let jwksUri = input.jwksUri ?? current?.jwksUri;
    let userinfoEndpoint =
      input.userinfoEndpoint === undefined ? (current?.userinfoEndpoint ?? null) : input.userinfoEndpoint;
    if (!authorizationEndpoint || !tokenEndpoint || !jwksUri) {
      const metadata = await this.upstream.discover(discoveryUrl ?? issuer);
      if (metadata.issuer !== issuer) {
        throw federationError(
          'invalid_upstream_metadata',
          `discovery names issuer '${metadata.issuer.slice(0, 200)}', not the one entered`,
        );
      }
      authorizationEndpoint ??= metadata.authorizationEndpoint;
      tokenEndpoint ??= metadata.tokenEndpoint;
      jwksUri ??= metadata.jwksUri;
      if (input.userinfoEndpoint === undefined && !current) userinfoEndpoint = metadata.userinfoEndpoint;
    }
    return {
      issuer,
      discoveryUrl,
      authorizationEndpoint: this.checkUrl('authorizationEndpoint', authorizationEndpoint),
      tokenEndpoint: this.checkUrl('tokenEndpoint', tokenEndpoint),
      jwksUri: this.checkUrl('jwksUri', jwksUri),
      userinfoEndpoint: userinfoEndpoint ? this.checkUrl('userinfoEndpoint', userinfoEndpoint) : null,
    };
  }

  private static scopes(scopes: string[]): string[] {
    const unique = [...new Set(scopes)];
    if (!unique.includes('openid')) throw appError('invalid_request', "scopes must include 'openid'");
    return unique;
  }

  async create(input: ConnectionInput): Promise<Connection> {
    const id = randomUUID();
    const domains = checkedDomains(input.domains ?? []);
    const endpoints = await this.endpoints(input);
    const row = await this.store.insertConnection({
      id,
      name: input.name,
      clientId: input.clientId,
      clientSecretSealed: input.clientSecret
        ? this.sealer.seal(input.clientSecret, this.secretContext(id))
        : null,
      ...endpoints,
      scopes: FederationConnectionService.scopes(input.scopes ?? DEFAULT_SCOPES),
      claimMapping: input.claimMapping ?? {},
      accountLinkingPolicy: input.accountLinkingPolicy ?? 'email_verified',
      jitProvisioning: input.jitProvisioning ?? false,
      trustUpstreamMfa: input.trustUpstreamMfa ?? false,
      allowLocalAccounts: input.allowLocalAccounts ?? false,
      enabled: input.enabled ?? true,
    });
    await this.store.replaceDomains(
      id,
      domains.map((domain) => ({ domain, challenge: randomToken(24) })),
    );
    return { row, domains: await this.store.listDomains([id]) };
  }

  async list(): Promise<Connection[]> {
    const rows = await this.store.listConnections();
    const domains = await this.store.listDomains(rows.map((row) => row.id));
    return rows.map((row) => ({ row, domains: domains.filter((domain) => domain.connectionId === row.id) }));
  }

  async find(id: string): Promise<Connection | undefined> {
    const row = await this.store.findConnection(id);
    return row ? { row, domains: await this.store.listDomains([id]) } : undefined;
  }

  /** Replaces the connection's settings; a domain kept keeps its verification, a new one starts unverified. */
  async update(id: string, input: ConnectionInput): Promise<Connection | undefined> {
    const current = await this.store.findConnection(id);
    if (!current) return undefined;
    const domains = input.domains === undefined ? undefined : checkedDomains(input.domains);
    const endpoints = await this.endpoints(input, current);
    const clientSecretSealed =
      input.clientSecret === undefined
        ? current.clientSecretSealed
        : input.clientSecret === ''
          ? null
          : this.sealer.seal(input.clientSecret, this.secretContext(id));
    const row = await this.store.updateConnection(id, {
      name: input.name,
      clientId: input.clientId,
      clientSecretSealed,
      ...endpoints,
      scopes: input.scopes ? FederationConnectionService.scopes(input.scopes) : current.scopes,
      claimMapping: input.claimMapping ?? current.claimMapping,
      accountLinkingPolicy: input.accountLinkingPolicy ?? current.accountLinkingPolicy,
      jitProvisioning: input.jitProvisioning ?? current.jitProvisioning,
      trustUpstreamMfa: input.trustUpstreamMfa ?? current.trustUpstreamMfa,
      allowLocalAccounts: input.allowLocalAccounts ?? current.allowLocalAccounts,
      enabled: input.enabled ?? current.enabled,
    });
    if (domains) {
      await this.store.replaceDomains(
        id,
        domains.map((domain) => ({ domain, challenge: randomToken(24) })),
      );
    }
    this.upstream.forget(id);
    return row ? { row, domains: await this.store.listDomains([id]) } : undefined;
  }

  async delete(id: string): Promise<boolean> {
    this.upstream.forget(id);
    return this.store.deleteConnection(id);
  }

  /** Marks a listed domain verified; another connection holding it verified already is a conflict. */
  async markDomainVerified(connectionId: string, domain: string, by: 'dns' | 'admin'): Promise<DomainRow> {
    try {
      const row = await this.store.markDomainVerified(connectionId, normalizeDomain(domain), by);
      if (!row) throw federationError('unknown_domain', 'this connection does not list that domain');
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw federationError('domain_taken', 'another connection has verified this domain');
      }
      throw error;
    }
  }

  findDomain(connectionId: string, domain: string): Promise<DomainRow | undefined> {
    return this.store.findDomain(connectionId, normalizeDomain(domain));
  }
}
