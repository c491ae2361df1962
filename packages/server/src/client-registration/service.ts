import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuditLog } from '../audit/audit-log.js';
import { type Client, type ClientInput, ClientValidationError } from '../clients/model.js';
import { ClientNotFoundError, type ClientService } from '../clients/service.js';
import type { SettingsService } from '../config/settings.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import { bearerError, bearerTokenMissing } from '../protocol/oauth/bearer.js';
import { OAuthError } from '../protocol/oauth/errors.js';
import type { InitialAccessTokenService } from './initial-access-tokens.js';
import {
  type ClientInformation,
  type ClientMetadata,
  checkUpdateRequest,
  clientInputFromMetadata,
  clientMetadataOf,
  invalidMetadata,
} from './metadata.js';
import type { ClientRegistrationRow, ClientRegistrationStore, RegistrationPosition } from './store.js';

/** Every registration access token starts with this (secret scanners, logs). */
export const REGISTRATION_ACCESS_TOKEN_PREFIX = 'tessera_rat_';

/** How a client came to be registered: with an initial access token, or by open registration. */
export type RegistrationMethod = 'initial_access_token' | 'open';

type Requester = Pick<FastifyRequest, 'ip' | 'headers'>;

/**
 * A rule of the client registry refused the metadata: the same refusal an admin gets, with RFC 7591 §3.2.2's code
 * (redirect URI rules say invalid_redirect_uri, every other rule invalid_client_metadata).
 */
function refusedMetadata(error: unknown): never {
  if (error instanceof ClientValidationError) {
    const redirect = /^(post_logout_)?redirect_uris:/.test(error.message);
    throw new OAuthError(redirect ? 'invalid_redirect_uri' : 'invalid_client_metadata', error.message);
  }
  throw error;
}

function invalidRegistrationToken(): OAuthError {
  return bearerError('invalid_token', 'the registration access token is not valid for this client');
}

/**
 * Dynamic Client Registration (RFC 7591) and its management (RFC 7592), over the client registry: a registered
 * client is an ordinary client, created and changed through the same service (and so the same rules) as an admin's.
 * What registration adds is kept beside it: the registration access token (hashed, rotated on every use) and how
 * the client was registered.
 */
export class ClientRegistrationService {
  constructor(
    private readonly store: ClientRegistrationStore,
    private readonly registry: ClientService,
    private readonly tokens: InitialAccessTokenService,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
    private readonly issuer: string,
  ) {}

  /** The client configuration endpoint of a client (RFC 7592 §1). */
  registrationClientUri(clientId: string): string {
    return `${this.issuer}/register/${encodeURIComponent(clientId)}`;
  }

  /**
   * Registers a client (RFC 7591 §3). With an initial access token, its use is counted in the same transaction that
   * creates the client, so a single-use token registers exactly one client however many requests race for it, and
   * a refused registration uses nothing. Without one, open registration must be on.
   */
  async register(
    metadata: ClientMetadata,
    initialAccessToken: string | null,
    request: Requester,
  ): Promise<ClientInformation> {
    if (initialAccessToken !== null) {
      if (!(await this.tokens.usable(initialAccessToken)))
        throw bearerError(
          'invalid_token',
          'the initial access token is not valid (unknown, expired, revoked or used up)',
        );
    } else if (!this.settings.get('client_registration.open')) {
      throw bearerTokenMissing('an initial access token is required to register a client');
    }
    if (metadata.client_id !== undefined || metadata.client_secret !== undefined)
      throw invalidMetadata('client_id and client_secret are assigned by the server');
    const clientId = randomBytes(16).toString('base64url');
    const input = clientInputFromMetadata(metadata, {
      clientId,
      open: initialAccessToken === null,
      allowZk: this.settings.get('client_registration.allow_zk'),
    });
    const registrationToken = `${REGISTRATION_ACCESS_TOKEN_PREFIX}${randomToken(32)}`;
    const method: RegistrationMethod = initialAccessToken === null ? 'open' : 'initial_access_token';
    const created = await this.audit.recordChange(
      async () => {
        const used = initialAccessToken === null ? null : await this.tokens.consume(initialAccessToken);
        if (initialAccessToken !== null && !used)
          throw bearerError('invalid_token', 'the initial access token was used up or revoked meanwhile');
        const { client, secret } = await this.registry.create(input).catch(refusedMetadata);
        const registration = await this.store.insertRegistration({
          clientId: client.id,
          registrationTokenHash: hashToken(registrationToken),
          initialAccessTokenId: used?.id ?? null,
          method,
          softwareId: metadata.software_id ?? null,
          softwareVersion: metadata.software_version ?? null,
          registeredFrom: request.ip,
        });
        return { client, secret, registration };
      },
      ({ client, registration }) => ({
        action: 'client.registered',
        outcome: 'success',
        actor: { type: 'client', id: client.id },
        target: { type: 'client', id: client.id },
        details: {
          method,
          authorized_by: registration.initialAccessTokenId,
          software_id: registration.softwareId,
          changes: auditedInput(input),
        },
        request,
      }),
    );
    return {
      ...this.information(created.client, created.registration, registrationToken),
      ...(created.secret === null ? {} : { client_secret: created.secret, client_secret_expires_at: 0 }),
    };
  }

  /** RFC 7592 §2.1: the client's registered metadata, with a new registration access token. */
  async read(clientId: string, presented: string): Promise<ClientInformation> {
    const { registration } = await this.authenticate(clientId, presented);
    const next = await this.rotate(clientId, presented);
    const client = await this.registry.find(clientId);
    if (!client) throw invalidRegistrationToken();
    return this.information(client, registration, next);
  }

  /**
   * RFC 7592 §2.2: replaces the client's metadata with the request's (what it leaves out takes its default), under
   * the rules of an admin's update; what only an admin manages stays as it is.
   */
  async update(
    clientId: string,
    presented: string,
    metadata: ClientMetadata,
    request: Requester,
  ): Promise<ClientInformation> {
    const { client: existing, registration } = await this.authenticate(clientId, presented);
    checkUpdateRequest(metadata, clientId);
    if (
      metadata.client_secret !== undefined &&
      !(await this.registry.verifySecret(existing, metadata.client_secret))
    )
      throw new OAuthError('invalid_request', 'client_secret does not match the client’s current secret');
    const input = clientInputFromMetadata(metadata, {
      clientId,
      open: registration.method === 'open',
      allowZk: this.settings.get('client_registration.allow_zk'),
      existing,
    });
    const updated = await this.audit.recordChange(
      async () => {
        const next = await this.rotate(clientId, presented);
        const client = await this.registry.update(clientId, input).catch(refusedMetadata);
        return { client, next };
      },
      {
        action: 'client.registration_updated',
        outcome: 'success',
        actor: { type: 'client', id: clientId },
        target: { type: 'client', id: clientId },
        details: { changes: auditedInput(input) },
        request,
      },
    );
    return this.information(updated.client, registration, updated.next);
  }

  /** RFC 7592 §2.3: deletes the client, with everything issued to it and its registration access token. */
  async remove(clientId: string, presented: string, request: Requester): Promise<void> {
    await this.authenticate(clientId, presented);
    await this.audit.recordChange(
      async () => {
        await this.rotate(clientId, presented);
        await this.registry.delete(clientId).catch((error: unknown) => {
          if (error instanceof ClientNotFoundError) throw invalidRegistrationToken();
          throw error;
        });
      },
      {
        action: 'client.registration_deleted',
        outcome: 'success',
        actor: { type: 'client', id: clientId },
        target: { type: 'client', id: clientId },
        request,
      },
    );
  }

  /** How a client was registered, or undefined for a client an admin created. */
  registrationOf(clientId: string): Promise<ClientRegistrationRow | undefined> {
    return this.store.findRegistration(clientId);
  }

  /**
   * A page of registrations, newest first, after `after` (of `clientIds` only when given), and where the next page
   * starts: null on the last.
   */
  async pageRegistrations(options: {
    clientIds: readonly string[] | null;
    after: RegistrationPosition | null;
    limit: number;
  }): Promise<{ entries: ClientRegistrationRow[]; next: RegistrationPosition | null }> {
    // One row more than the page says whether another page follows, without a count.
    const rows = await this.store.pageRegistrations({ ...options, limit: options.limit + 1 });
    const entries = rows.slice(0, options.limit);
    const last = entries.at(-1);
    return {
      entries: entries.map(({ position: _position, ...registration }) => registration),
      next: rows.length > options.limit && last ? last.position : null,
    };
  }

  /**
   * The registration a presented registration access token belongs to, for this client only (RFC 7592 §1.2): a
   * token of another client, an old one, or one whose client was deleted is invalid_token (RFC 6750 §3.1).
   */
  private async authenticate(
    clientId: string,
    presented: string,
  ): Promise<{ client: Client; registration: ClientRegistrationRow }> {
    if (!presented.startsWith(REGISTRATION_ACCESS_TOKEN_PREFIX) || presented.length > 200)
      throw invalidRegistrationToken();
    const registration = await this.store.findByToken(clientId, hashToken(presented));
    if (!registration) throw invalidRegistrationToken();
    const client = await this.registry.find(clientId);
    if (!client) throw invalidRegistrationToken();
    return { client, registration };
  }

  /** Replaces the presented token with a new one, if it is still current; returns the new token. */
  private async rotate(clientId: string, presented: string): Promise<string> {
    const next = `${REGISTRATION_ACCESS_TOKEN_PREFIX}${randomToken(32)}`;
    if (!(await this.store.rotateToken(clientId, hashToken(presented), hashToken(next))))
      throw invalidRegistrationToken();
    return next;
  }

  private information(
    client: Client,
    registration: ClientRegistrationRow,
    registrationToken: string,
  ): ClientInformation {
    return {
      ...clientMetadataOf(client),
      client_id_issued_at: Math.floor(registration.registeredAt.getTime() / 1000),
      registration_access_token: registrationToken,
      registration_client_uri: this.registrationClientUri(client.id),
      ...(registration.softwareId === null ? {} : { software_id: registration.softwareId }),
      ...(registration.softwareVersion === null ? {} : { software_version: registration.softwareVersion }),
    };
  }
}

/** What the audit entry keeps of registered metadata: the values, without keys (redacted anyway) or secrets. */
function auditedInput(input: ClientInput): Record<string, unknown> {
  const { jwks, ...rest } = input;
  return { ...rest, jwks: jwks ? `${jwks.keys.length} key(s)` : null };
}
