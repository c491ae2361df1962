import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import { COMMAND_ACTOR } from '../audit/change-author.js';
import type { ControlChannel } from '../control/protocol.js';
import {
  CLIENT_AUTHENTICATION_METHODS,
  type ClientAuthenticationMethod,
  DEVICE_CODE_GRANT_TYPE,
  type GrantType,
  STANDARD_SCOPES,
  TOKEN_EXCHANGE_GRANT_TYPE,
} from '../protocol/oauth/vocabulary.js';
import { type ClientInput, ZK_KEY_SCOPES, type ZkKeyScope } from './model.js';
import type { ClientListPosition } from './service.js';

type ZkDelivery = NonNullable<ClientInput['zk_delivery']>;
const ZK_DELIVERIES: readonly ZkDelivery[] = ['none', 'v2', 'legacy-v1'];

/** One line of `clients list`. */
interface ClientListEntry {
  id: string;
  type: string;
  name: string;
  grant_types: string[];
}

export const ClientIdInputSchema = Type.Object(
  { client_id: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/** `clients create` on the side that holds the database: what the command prints, secret included (once). */
export async function createClientForCommand(
  context: AppContext,
  input: ClientInput,
): Promise<Record<string, unknown>> {
  // Audited like the admin API's create, in one transaction with it; the operator at the host is the actor.
  const { client, secret } = await context.audit.recordChange(
    () => context.clients.registry.create(input),
    ({ client }) => ({
      ...COMMAND_ACTOR,
      action: 'client.created',
      target: { type: 'client', id: client.id },
      details: { via: 'cli', changes: input },
    }),
  );
  const output: Record<string, unknown> = {
    client_id: client.id,
    type: client.type,
    name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: client.grantTypes,
    scopes: client.scopes.map((entry) => entry.scope),
    zk_delivery: client.zkDelivery,
    zk_required: client.zkRequired,
    zk_key_scope: client.zkKeyScope,
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    require_pushed_authorization_requests: client.requirePushedAuthorizationRequests,
    dpop_bound_access_tokens: client.dpopBoundAccessTokens,
    fapi2_profile: client.fapi2Profile,
  };
  if (client.backchannelLogoutUri) {
    output.backchannel_logout_uri = client.backchannelLogoutUri;
    output.backchannel_logout_session_required = client.backchannelLogoutSessionRequired;
  }
  if (client.logoutEndsOfflineAccess) output.logout_ends_offline_access = true;
  if (client.tokenExchange) {
    output.token_exchange = {
      audiences: client.tokenExchange.audiences,
      scopes: client.tokenExchange.scopes,
      subject_clients: client.tokenExchange.subjectClients,
    };
  }
  if (secret) output.client_secret = secret;
  return output;
}

/** Clients read per statement by `clients list`: every client is listed, a page at a time, in the admin list's order. */
const LIST_PAGE_SIZE = 500;

export async function listClientsForCommand(context: AppContext): Promise<ClientListEntry[]> {
  return listClientsByPages(context, LIST_PAGE_SIZE);
}

/** Every client, read `pageSize` at a time. */
export async function listClientsByPages(context: AppContext, pageSize: number): Promise<ClientListEntry[]> {
  const entries: ClientListEntry[] = [];
  let after: ClientListPosition | null = null;
  do {
    const page = await context.clients.registry.page({ search: '', after, limit: pageSize });
    for (const { client } of page.entries)
      entries.push({ id: client.id, type: client.type, name: client.name, grant_types: client.grantTypes });
    after = page.next;
  } while (after);
  return entries;
}

export async function rotateClientSecretForCommand(
  context: AppContext,
  input: { client_id: string },
): Promise<{ client_id: string; client_secret: string }> {
  const secret = await context.audit.recordChange(
    () => context.clients.registry.rotateSecret(input.client_id),
    {
      ...COMMAND_ACTOR,
      action: 'client.secret_rotated',
      target: { type: 'client', id: input.client_id },
      details: { via: 'cli' },
    },
  );
  return { client_id: input.client_id, client_secret: secret };
}

export async function runClientsCommand(
  channel: ControlChannel,
  command: string,
  args: string[],
): Promise<void> {
  if (command === 'clients list') {
    parseArgs({ args, strict: true });
    for (const client of (await channel.call('clients.list', {})) as ClientListEntry[]) {
      process.stdout.write(`${client.id}\t${client.type}\t${client.name}\t${client.grant_types.join(',')}\n`);
    }
    return;
  }
  if (command === 'clients rotate-secret') {
    const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new Error('clients rotate-secret takes exactly one CLIENT_ID');
    const rotated = await channel.call('clients.rotate-secret', { client_id: positionals[0]! });
    process.stdout.write(`${JSON.stringify(rotated, null, 2)}\n`);
    return;
  }
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      name: { type: 'string' },
      type: { type: 'string', default: 'confidential' },
      id: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      'post-logout-redirect-uri': { type: 'string', multiple: true },
      grant: { type: 'string', multiple: true },
      scope: { type: 'string', multiple: true },
      'first-party': { type: 'boolean', default: false },
      'zk-delivery': { type: 'string' },
      'zk-required': { type: 'boolean' },
      'zk-key-scope': { type: 'string' },
      'auth-method': { type: 'string' },
      jwks: { type: 'string' },
      'jwks-uri': { type: 'string' },
      'require-par': { type: 'boolean' },
      'require-dpop': { type: 'boolean' },
      fapi2: { type: 'boolean' },
      'backchannel-logout-uri': { type: 'string' },
      'backchannel-logout-session-required': { type: 'boolean' },
      'logout-ends-offline-access': { type: 'boolean' },
      'exchange-audience': { type: 'string', multiple: true },
      'exchange-scope': { type: 'string', multiple: true },
      'exchange-subject-client': { type: 'string', multiple: true },
    },
  });
  if (!values.name) throw new Error('--name is required');
  if (values.type !== 'confidential' && values.type !== 'public')
    throw new Error('--type must be confidential or public');
  const zkDelivery = values['zk-delivery'];
  if (zkDelivery !== undefined && !ZK_DELIVERIES.includes(zkDelivery as ZkDelivery))
    throw new Error(`--zk-delivery must be one of ${ZK_DELIVERIES.join(', ')}`);
  const zkKeyScope = values['zk-key-scope'];
  if (zkKeyScope !== undefined && !ZK_KEY_SCOPES.includes(zkKeyScope as ZkKeyScope))
    throw new Error(`--zk-key-scope must be one of ${ZK_KEY_SCOPES.join(', ')}`);
  const authMethod = values['auth-method'];
  if (
    authMethod !== undefined &&
    !CLIENT_AUTHENTICATION_METHODS.includes(authMethod as ClientAuthenticationMethod)
  )
    throw new Error(`--auth-method must be one of ${CLIENT_AUTHENTICATION_METHODS.join(', ')}`);
  let jwks: ClientInput['jwks'];
  if (values.jwks !== undefined) {
    // A JWK Set as JSON, or @FILE to read it from a file.
    const text = values.jwks.startsWith('@') ? readFileSync(values.jwks.slice(1), 'utf8') : values.jwks;
    try {
      jwks = JSON.parse(text) as ClientInput['jwks'];
    } catch {
      throw new Error('--jwks must be a JWK Set in JSON (or @FILE)');
    }
  }
  // `device_code` and `token-exchange` name the grants' URNs (RFC 8628 §3.4, RFC 8693 §2.1), long to type.
  const grants = (values.grant ?? ['authorization_code', 'refresh_token']).map((grant) =>
    grant === 'device_code'
      ? DEVICE_CODE_GRANT_TYPE
      : grant === 'token-exchange'
        ? TOKEN_EXCHANGE_GRANT_TYPE
        : grant,
  ) as GrantType[];
  // RFC 8693 (docs/integration.md#token-exchange): the policy, given when any of its options is.
  const exchangeAudiences = values['exchange-audience'];
  const exchangeScopes = values['exchange-scope'];
  const exchangeSubjectClients = values['exchange-subject-client'];
  const tokenExchange =
    exchangeAudiences || exchangeScopes || exchangeSubjectClients
      ? {
          audiences: exchangeAudiences ?? [],
          scopes: exchangeScopes ?? [],
          subject_clients: exchangeSubjectClients ?? [],
        }
      : undefined;
  const input: ClientInput = {
    name: values.name,
    type: values.type,
    client_id: values.id,
    redirect_uris: values['redirect-uri'] ?? [],
    post_logout_redirect_uris: values['post-logout-redirect-uri'] ?? [],
    grant_types: grants,
    scopes: values.scope?.map((scope) => ({ scope, description: STANDARD_SCOPES[scope] ?? scope })),
    first_party: values['first-party'],
    zk_delivery: zkDelivery as ZkDelivery | undefined,
    zk_required: values['zk-required'],
    zk_key_scope: zkKeyScope as ZkKeyScope | undefined,
    // FAPI 2.0 clients authenticate with private_key_jwt (docs/integration.md#fapi-20-security-profile).
    token_endpoint_auth_method: (authMethod ?? (values.fapi2 ? 'private_key_jwt' : undefined)) as
      | ClientAuthenticationMethod
      | undefined,
    jwks,
    jwks_uri: values['jwks-uri'],
    require_pushed_authorization_requests: values['require-par'],
    dpop_bound_access_tokens: values['require-dpop'],
    fapi2_profile: values.fapi2,
    backchannel_logout_uri: values['backchannel-logout-uri'],
    backchannel_logout_session_required: values['backchannel-logout-session-required'],
    logout_ends_offline_access: values['logout-ends-offline-access'],
    token_exchange: tokenExchange,
  };
  const created = await channel.call('clients.create', input);
  process.stdout.write(`${JSON.stringify(created, null, 2)}\n`);
}
