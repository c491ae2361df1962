import { resolveTxt } from 'node:dns/promises';
import { appError } from '../app/errors.js';
import { domainOfEmail, normalizeDomain } from './connections.js';
import type { ConnectionRow, DomainRow, FederationStore } from './store.js';

/** Looks up the TXT records of a name (node:dns by default; tests give their own). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** The DNS name whose TXT record proves control of a domain, and the value it must hold. */
export function challengeRecord(domain: Pick<DomainRow, 'domain' | 'challenge'>): {
  name: string;
  value: string;
} {
  return {
    name: `_tessera-challenge.${domain.domain}`,
    value: `tessera-domain-verification=${domain.challenge}`,
  };
}

/** Where an email address signs in: through a connection (its verified domain, enabled), or locally. */
export type Route = { kind: 'federation'; connection: ConnectionRow } | { kind: 'local' };

/** Domain ownership (DNS TXT challenge) and routing by email domain. */
export class DomainRouting {
  private resolver: TxtResolver = resolveTxt;

  constructor(private readonly store: FederationStore) {}

  /** Tests answer DNS themselves (no network). */
  useResolver(resolver: TxtResolver): void {
    this.resolver = resolver;
  }

  /** Whether the domain's challenge record holds its value now. */
  async challengeHolds(domain: DomainRow): Promise<boolean> {
    const record = challengeRecord(domain);
    let answers: string[][];
    try {
      answers = await this.resolver(record.name);
    } catch {
      return false;
    }
    // A TXT record may arrive split into several character-strings (RFC 7208 §3.3 joins them the same way).
    return answers.some((chunks) => chunks.join('') === record.value);
  }

  /**
   * The route of an email address: only a verified domain of an enabled connection routes
   * (docs/federation.md#routed-domains).
   */
  async routeOf(email: string): Promise<Route> {
    const domain = domainOfEmail(email);
    if (!domain) return { kind: 'local' };
    const found = await this.store.findVerifiedDomain(domain);
    if (!found?.connection.enabled) return { kind: 'local' };
    return { kind: 'federation', connection: found.connection };
  }

  /** The admin preview: who holds the domain verified, and which connections list it without having verified it. */
  async preview(domainOrEmail: string): Promise<{ domain: string; route: ConnectionRow | null }> {
    const domain = domainOrEmail.includes('@')
      ? domainOfEmail(domainOrEmail)
      : normalizeDomain(domainOrEmail);
    if (!domain) throw appError('invalid_request', 'give an email address or a domain');
    const found = await this.store.findVerifiedDomain(domain);
    return { domain, route: found?.connection ?? null };
  }

  /** Whether `email`'s domain is a verified domain of this connection (the condition for linking and creation). */
  async verifiedFor(connectionId: string, email: string): Promise<boolean> {
    const domain = domainOfEmail(email);
    if (!domain) return false;
    const found = await this.store.findVerifiedDomain(domain);
    return found?.connection.id === connectionId;
  }
}
