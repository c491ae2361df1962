/**
 * Checks a client draft before it is sent (the server's rules, so mistakes are explained at the field) and turns
 * it into the server's ClientInputSchema.
 */
import { t } from '../../i18n/text';
import type { ClientInput } from '../../types';
import { httpsUrlError } from '../../validation';
import {
  type ClientDraft,
  type ClientErrors,
  LIFETIME_LIMITS,
  STANDARD,
  STANDARD_SCOPES,
  TOKEN_EXCHANGE,
} from './client-draft';

const CLIENT_ID = /^[A-Za-z0-9._~-]{3,64}$/;
/** RFC 6749 §3.3: a scope token is printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

function ttl(
  text: string,
  { min, max }: { min: number; max: number },
): { value: number | null; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value < min || value > max)
    // As strings: the limits are shown as the field takes them, without digit grouping.
    return { value: null, error: t('clients.form.error.ttl', { min: String(min), max: String(max) }) };
  return { value };
}

/** The JWK Set typed as JSON: null when empty; public keys only (the server checks them again). */
function jwksValue(text: string): { value: ClientInput['jwks'] | null; error?: string } {
  if (text.trim() === '') return { value: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { value: null, error: t('clients.form.error.jwksJson') };
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (
    !Array.isArray(keys) ||
    keys.length === 0 ||
    !keys.every((key) => typeof key === 'object' && key !== null)
  )
    return { value: null, error: t('clients.form.error.jwksJson') };
  if (keys.some((key) => 'd' in key || 'k' in key))
    return { value: null, error: t('clients.form.error.jwksPrivate') };
  return { value: { keys } };
}

/** RFC 8628 §3.4: the device authorization grant. */
const DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code';

function grantsError(draft: ClientDraft): string | undefined {
  if (draft.grants.size === 0) return t('clients.form.error.grants.none');
  if (
    draft.grants.has('refresh_token') &&
    !draft.grants.has('authorization_code') &&
    !draft.grants.has(DEVICE_CODE)
  )
    return t('clients.form.error.grants.refreshAlone');
  // A device is not the browser a key is delivered to (docs/device-flow.md#zero-knowledge-clients).
  if (draft.grants.has(DEVICE_CODE) && draft.zkDelivery !== 'none')
    return t('clients.form.error.grants.deviceKeyDelivery');
  if (draft.type === 'public' && draft.grants.has('client_credentials'))
    return t('clients.form.error.grants.clientCredentialsPublic');
  if (draft.type === 'public' && draft.grants.has(TOKEN_EXCHANGE))
    return t('clients.form.error.grants.tokenExchangePublic');
  return undefined;
}

function redirectUrisError(draft: ClientDraft, redirectUris: string[]): string | undefined {
  let error: string | undefined;
  if (draft.grants.has('authorization_code') && redirectUris.length === 0)
    error = t('clients.form.error.redirects.none');
  // RFC 6749 §3.1.2: a redirection endpoint URI must not include a fragment.
  for (const uri of redirectUris)
    if (uri.includes('#')) error = t('clients.form.error.redirects.fragment', { uri });
  return error;
}

function customScopeErrors(draft: ClientDraft, errors: ClientErrors): void {
  const seen = new Set<string>();
  draft.customScopes.forEach((entry, index) => {
    const scope = entry.scope.trim();
    if (!SCOPE_TOKEN.test(scope)) errors[`scope-${index}`] = t('clients.form.error.scope.token');
    else if (seen.has(scope) || STANDARD.has(scope))
      errors[`scope-${index}`] = STANDARD.has(scope)
        ? t('clients.form.error.scope.standard')
        : t('clients.form.error.scope.twice');
    seen.add(scope);
  });
}

/** The token-exchange policy while its grant is ticked (null otherwise), and its fields' problems. */
function tokenExchangeValue(draft: ClientDraft, errors: ClientErrors): ClientInput['token_exchange'] {
  if (!draft.grants.has(TOKEN_EXCHANGE)) return null;
  const audiences = [...new Set(lines(draft.exchangeAudiences))];
  const scopes = [...new Set(lines(draft.exchangeScopes))];
  const subjectClients = [...new Set(lines(draft.exchangeSubjectClients))];
  if (audiences.length === 0) errors.exchangeAudiences = t('clients.form.error.exchange.noAudience');
  else if (audiences.some((audience) => /\s|#/.test(audience)))
    errors.exchangeAudiences = t('clients.form.error.exchange.audienceForm');
  if (scopes.some((scope) => !SCOPE_TOKEN.test(scope)))
    errors.exchangeScopes = t('clients.form.error.exchange.scopes');
  if (subjectClients.some((id) => !CLIENT_ID.test(id)))
    errors.exchangeSubjectClients = t('clients.form.error.exchange.subjectClients');
  return { audiences, scopes, subject_clients: subjectClients };
}

/** The input the server takes, and the problems found (none: `errors` has no message). */
export function clientInput(
  draft: ClientDraft,
  creating: boolean,
): { input: ClientInput; errors: ClientErrors } {
  const errors: ClientErrors = {};
  if (draft.name.trim() === '') errors.name = t('clients.form.error.name');
  if (creating && draft.clientId.trim() !== '' && !CLIENT_ID.test(draft.clientId.trim()))
    errors.clientId = t('clients.form.error.clientId');
  const grants = grantsError(draft);
  if (grants) errors.grants = grants;
  const redirectUris = lines(draft.redirectUris);
  const redirects = redirectUrisError(draft, redirectUris);
  if (redirects) errors.redirectUris = redirects;
  customScopeErrors(draft, errors);
  const access = ttl(draft.accessTtl, LIFETIME_LIMITS.accessTtl);
  const id = ttl(draft.idTtl, LIFETIME_LIMITS.idTtl);
  const refresh = ttl(draft.refreshTtl, LIFETIME_LIMITS.refreshTtl);
  if (access.error) errors.accessTtl = access.error;
  if (id.error) errors.idTtl = id.error;
  if (refresh.error) errors.refreshTtl = refresh.error;
  const logo = httpsUrlError(draft.logoUri);
  if (logo) errors.logoUri = logo;
  const app = httpsUrlError(draft.appUrl);
  if (app) errors.appUrl = app;
  const keys = jwksValue(draft.jwks);
  if (keys.error) errors.jwks = keys.error;
  const jwksUri = httpsUrlError(draft.jwksUri);
  if (jwksUri) errors.jwksUri = jwksUri;
  else if (keys.value && draft.jwksUri.trim()) errors.jwksUri = t('clients.form.error.jwksBoth');
  const backchannel = draft.backchannelLogoutUri.trim();
  const backchannelError = httpsUrlError(backchannel, t('clients.backchannel.uriNoun'));
  if (backchannelError) errors.backchannelLogoutUri = backchannelError;
  // OIDC Back-Channel Logout §2.2: no fragment.
  else if (backchannel.includes('#'))
    errors.backchannelLogoutUri = t('clients.form.error.backchannelFragment');
  const fapi2 = draft.type === 'confidential' && draft.fapi2Profile;
  // The FAPI 2.0 profile authenticates with private_key_jwt only (docs/integration.md#fapi-20-security-profile).
  const authMethod =
    draft.type === 'public'
      ? 'none'
      : fapi2
        ? 'private_key_jwt'
        : draft.authMethod === 'none'
          ? 'client_secret_basic'
          : draft.authMethod;
  if (authMethod === 'private_key_jwt' && !keys.value && !draft.jwksUri.trim() && !keys.error)
    errors.jwks = t('clients.form.error.jwksMissing');
  if (draft.zkRequired && draft.zkDelivery === 'none') errors.zk = t('clients.form.error.zkRequired');
  if (draft.zkKeyScope === 'organization' && draft.zkDelivery === 'none')
    errors.zkKeyScope = t('clients.form.error.zkKeyScope');

  const input: ClientInput = {
    name: draft.name.trim(),
    description: draft.description.trim(),
    type: draft.type,
    redirect_uris: redirectUris,
    post_logout_redirect_uris: lines(draft.postLogoutUris),
    grant_types: [...draft.grants],
    scopes: [
      ...STANDARD_SCOPES.filter((entry) => draft.standardScopes.has(entry.scope)).map((entry) => ({
        scope: entry.scope,
        description: draft.standardDescriptions[entry.scope] ?? '',
      })),
      ...draft.customScopes.map((entry) => ({
        scope: entry.scope.trim(),
        description: entry.description.trim(),
      })),
    ],
    require_pkce: draft.type === 'public' || fapi2 ? true : draft.requirePkce,
    id_token_signed_response_alg: draft.alg,
    access_token_ttl_seconds: access.value,
    id_token_ttl_seconds: id.value,
    refresh_token_ttl_seconds: refresh.value,
    first_party: draft.firstParty,
    organization_required: draft.organizationRequired,
    dpop_bound_access_tokens: fapi2 || draft.dpopBoundAccessTokens,
    zk_delivery: draft.zkDelivery,
    zk_required: draft.zkRequired,
    zk_key_scope: draft.zkKeyScope,
    show_on_dashboard: draft.showOnDashboard,
    logo_uri: draft.logoUri.trim() || null,
    app_url: draft.appUrl.trim() || null,
    token_endpoint_auth_method: authMethod,
    jwks: keys.value,
    jwks_uri: draft.jwksUri.trim() || null,
    require_pushed_authorization_requests: fapi2 || draft.requirePar,
    fapi2_profile: fapi2,
    backchannel_logout_uri: backchannel || null,
    backchannel_logout_session_required: draft.backchannelLogoutSessionRequired,
    logout_ends_offline_access: draft.logoutEndsOfflineAccess,
    token_exchange: tokenExchangeValue(draft, errors),
  };
  if (creating && draft.clientId.trim()) input.client_id = draft.clientId.trim();
  return { input, errors };
}
