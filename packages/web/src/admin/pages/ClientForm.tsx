import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { CheckboxField } from '../../shared/CheckboxField';
import { RadioGroup } from '../../shared/RadioGroup';
import { SelectField } from '../../shared/SelectField';
import { TextAreaField } from '../../shared/TextAreaField';
import { TextField } from '../../shared/TextField';
import { type ClientInput, type ClientView, type GrantType, SIGNING_ALGS, type SigningAlg } from '../types';
import { focusFirstInvalid, httpsUrlError } from '../validation';

/** OpenID Connect's own scopes (the consent page has descriptions for them). */
const STANDARD_SCOPES: { scope: string; label: string }[] = [
  { scope: 'openid', label: 'openid — sign the person in (ID token)' },
  { scope: 'profile', label: 'profile — their name' },
  { scope: 'email', label: 'email — their email address' },
  { scope: 'offline_access', label: 'offline_access — refresh tokens while they are away' },
];
const STANDARD = new Set(STANDARD_SCOPES.map((entry) => entry.scope));

const GRANTS: { value: GrantType; label: string; hint: string }[] = [
  {
    value: 'authorization_code',
    label: 'Authorization code',
    hint: 'People sign in through the browser (with PKCE). Needs at least one redirect URI.',
  },
  {
    value: 'refresh_token',
    label: 'Refresh token',
    hint: 'Keeps people signed in; needs authorization code.',
  },
  {
    value: 'client_credentials',
    label: 'Client credentials',
    hint: 'The app calls APIs as itself, with its secret. Confidential clients only.',
  },
];

const CLIENT_ID = /^[A-Za-z0-9._~-]{3,64}$/;
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

interface CustomScope {
  key: number;
  scope: string;
  description: string;
}

interface FormState {
  clientId: string;
  name: string;
  description: string;
  type: 'confidential' | 'public';
  grants: Set<GrantType>;
  redirectUris: string;
  postLogoutUris: string;
  standardScopes: Set<string>;
  /** Descriptions an existing client has for its standard scopes (kept as they are). */
  standardDescriptions: Record<string, string>;
  customScopes: CustomScope[];
  requirePkce: boolean;
  alg: SigningAlg;
  accessTtl: string;
  idTtl: string;
  refreshTtl: string;
  firstParty: boolean;
  organizationRequired: boolean;
  zkDelivery: 'none' | 'v2' | 'legacy-v1';
  zkRequired: boolean;
  showOnDashboard: boolean;
  logoUri: string;
  appUrl: string;
}

let nextKey = 1;

function initialState(client: ClientView | null): FormState {
  if (!client) {
    return {
      clientId: '',
      name: '',
      description: '',
      type: 'confidential',
      grants: new Set<GrantType>(['authorization_code']),
      redirectUris: '',
      postLogoutUris: '',
      standardScopes: new Set(['openid', 'profile', 'email']),
      standardDescriptions: {},
      customScopes: [],
      requirePkce: true,
      alg: 'RS256',
      accessTtl: '',
      idTtl: '',
      refreshTtl: '',
      firstParty: false,
      organizationRequired: false,
      zkDelivery: 'none',
      zkRequired: false,
      showOnDashboard: true,
      logoUri: '',
      appUrl: '',
    };
  }
  const standardDescriptions: Record<string, string> = {};
  for (const entry of client.scopes)
    if (STANDARD.has(entry.scope)) standardDescriptions[entry.scope] = entry.description;
  return {
    clientId: client.client_id,
    name: client.name,
    description: client.description,
    type: client.type,
    grants: new Set(client.grant_types),
    redirectUris: client.redirect_uris.join('\n'),
    postLogoutUris: client.post_logout_redirect_uris.join('\n'),
    standardScopes: new Set(client.scopes.map((entry) => entry.scope).filter((scope) => STANDARD.has(scope))),
    standardDescriptions,
    customScopes: client.scopes
      .filter((entry) => !STANDARD.has(entry.scope))
      .map((entry) => ({ key: nextKey++, scope: entry.scope, description: entry.description })),
    requirePkce: client.require_pkce,
    alg: (SIGNING_ALGS as readonly string[]).includes(client.id_token_signed_response_alg)
      ? (client.id_token_signed_response_alg as SigningAlg)
      : 'RS256',
    accessTtl: client.access_token_ttl_seconds?.toString() ?? '',
    idTtl: client.id_token_ttl_seconds?.toString() ?? '',
    refreshTtl: client.refresh_token_ttl_seconds?.toString() ?? '',
    firstParty: client.first_party,
    organizationRequired: client.organization_required,
    zkDelivery:
      (['none', 'v2', 'legacy-v1'] as const).find((value) => value === client.zk_delivery) ?? 'none',
    zkRequired: client.zk_required,
    showOnDashboard: client.show_on_dashboard,
    logoUri: client.logo_uri ?? '',
    appUrl: client.app_url ?? '',
  };
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

function ttl(text: string, min: number, max: number): { value: number | null; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value < min || value > max)
    return {
      value: null,
      error: `Enter whole seconds from ${min} to ${max}, or leave it empty for the default.`,
    };
  return { value };
}

type Errors = Partial<Record<string, string>>;

function toInput(state: FormState, creating: boolean): { input: ClientInput; errors: Errors } {
  const errors: Errors = {};
  if (state.name.trim() === '') errors.name = 'Enter the name people see when they sign in.';
  if (creating && state.clientId.trim() !== '' && !CLIENT_ID.test(state.clientId.trim()))
    errors.clientId = 'Use 3 to 64 letters, digits, dots, underscores, tildes or hyphens.';
  const grants = [...state.grants];
  if (grants.length === 0) errors.grants = 'Choose at least one grant type.';
  else if (state.grants.has('refresh_token') && !state.grants.has('authorization_code'))
    errors.grants = 'Refresh tokens need the authorization code grant.';
  else if (state.type === 'public' && state.grants.has('client_credentials'))
    errors.grants = 'Client credentials need a confidential client.';
  const redirectUris = lines(state.redirectUris);
  if (state.grants.has('authorization_code') && redirectUris.length === 0)
    errors.redirectUris = 'The authorization code grant needs at least one redirect URI.';
  for (const uri of redirectUris) {
    if (uri.includes('#')) errors.redirectUris = `${uri} must not have a fragment (#…).`;
  }
  const seen = new Set<string>();
  state.customScopes.forEach((entry, index) => {
    const scope = entry.scope.trim();
    if (!SCOPE_TOKEN.test(scope))
      errors[`scope-${index}`] = 'Use letters, digits and symbols, without spaces.';
    else if (seen.has(scope) || STANDARD.has(scope))
      errors[`scope-${index}`] = STANDARD.has(scope)
        ? 'Tick the standard scope above instead.'
        : 'Listed twice.';
    seen.add(scope);
  });
  const access = ttl(state.accessTtl, 30, 86_400);
  const id = ttl(state.idTtl, 30, 86_400);
  const refresh = ttl(state.refreshTtl, 60, 365 * 86_400);
  if (access.error) errors.accessTtl = access.error;
  if (id.error) errors.idTtl = id.error;
  if (refresh.error) errors.refreshTtl = refresh.error;
  const logo = httpsUrlError(state.logoUri);
  if (logo) errors.logoUri = logo;
  const app = httpsUrlError(state.appUrl);
  if (app) errors.appUrl = app;
  if (state.zkRequired && state.zkDelivery === 'none')
    errors.zk = 'Requiring key delivery needs a delivery format.';

  const input: ClientInput = {
    name: state.name.trim(),
    description: state.description.trim(),
    type: state.type,
    redirect_uris: redirectUris,
    post_logout_redirect_uris: lines(state.postLogoutUris),
    grant_types: grants,
    scopes: [
      ...STANDARD_SCOPES.filter((entry) => state.standardScopes.has(entry.scope)).map((entry) => ({
        scope: entry.scope,
        description: state.standardDescriptions[entry.scope] ?? '',
      })),
      ...state.customScopes.map((entry) => ({
        scope: entry.scope.trim(),
        description: entry.description.trim(),
      })),
    ],
    require_pkce: state.type === 'public' ? true : state.requirePkce,
    id_token_signed_response_alg: state.alg,
    access_token_ttl_seconds: access.value,
    id_token_ttl_seconds: id.value,
    refresh_token_ttl_seconds: refresh.value,
    first_party: state.firstParty,
    organization_required: state.organizationRequired,
    zk_delivery: state.zkDelivery,
    zk_required: state.zkRequired,
    show_on_dashboard: state.showOnDashboard,
    logo_uri: state.logoUri.trim() || null,
    app_url: state.appUrl.trim() || null,
  };
  if (creating && state.clientId.trim()) input.client_id = state.clientId.trim();
  return { input, errors };
}

/**
 * Every writable client field (the server's ClientInputSchema), for registering and for editing. The type is
 * chosen once; the server checks everything again and its message is shown when it refuses.
 */
export function ClientForm({
  client,
  readOnly,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  /** The client being edited; null to register a new one. */
  client: ClientView | null;
  readOnly: boolean;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (input: ClientInput) => void;
}) {
  const [state, setState] = useState(() => initialState(client));
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const grantsId = useId();
  const creating = client === null;
  const set = (patch: Partial<FormState>) => setState((previous) => ({ ...previous, ...patch }));

  function toggleGrant(grant: GrantType, on: boolean) {
    const grants = new Set(state.grants);
    if (on) grants.add(grant);
    else grants.delete(grant);
    set({ grants });
  }

  function toggleScope(scope: string, on: boolean) {
    const scopes = new Set(state.standardScopes);
    if (on) scopes.add(scope);
    else scopes.delete(scope);
    set({ standardScopes: scopes });
  }

  function updateCustom(key: number, patch: Partial<CustomScope>) {
    set({
      customScopes: state.customScopes.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)),
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || readOnly) return;
    const { input, errors: found } = toInput(state, creating);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    onSubmit(input);
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-busy={busy} className="wide-form">
      <fieldset className="form-fieldset" disabled={readOnly}>
        <fieldset className="section">
          <legend>Basics</legend>
          <TextField
            label="Name"
            hint="Shown to people on the sign-in and consent pages."
            value={state.name}
            maxLength={120}
            error={errors.name}
            onChange={(event) => set({ name: event.target.value })}
          />
          {creating ? (
            <TextField
              label="Client ID (optional)"
              hint="Leave empty to generate one. 3–64 letters, digits, dots, underscores, tildes or hyphens."
              value={state.clientId}
              spellCheck={false}
              autoCapitalize="off"
              error={errors.clientId}
              onChange={(event) => set({ clientId: event.target.value })}
            />
          ) : null}
          <TextAreaField
            label="Description (optional)"
            value={state.description}
            maxLength={1000}
            rows={2}
            onChange={(event) => set({ description: event.target.value })}
          />
          <RadioGroup
            legend="Client type"
            name="client-type"
            value={state.type}
            disabled={!creating || readOnly}
            onChange={(type) => set({ type })}
            options={[
              {
                value: 'confidential',
                label: 'Confidential',
                hint: 'A server-side app that can keep a secret. It gets a client secret.',
              },
              {
                value: 'public',
                label: 'Public',
                hint: 'A browser or mobile app that cannot keep a secret. It must use PKCE.',
              },
            ]}
          />
          {!creating ? <p className="field-hint">The type of an existing client cannot change.</p> : null}
        </fieldset>

        <fieldset className="section" aria-describedby={errors.grants ? `${grantsId}-error` : undefined}>
          <legend>Grant types</legend>
          {GRANTS.map((grant) => (
            <CheckboxField
              key={grant.value}
              label={grant.label}
              hint={grant.hint}
              checked={state.grants.has(grant.value)}
              aria-invalid={errors.grants ? true : undefined}
              onChange={(event) => toggleGrant(grant.value, event.target.checked)}
            />
          ))}
          {errors.grants ? (
            <p id={`${grantsId}-error`} className="field-error">
              {errors.grants}
            </p>
          ) : null}
        </fieldset>

        <fieldset className="section">
          <legend>Redirects</legend>
          <TextAreaField
            label="Redirect URIs"
            hint="One per line, compared exactly. https, or http only for localhost; native apps may use a private scheme like com.example.app:/callback."
            value={state.redirectUris}
            rows={3}
            spellCheck={false}
            error={errors.redirectUris}
            onChange={(event) => set({ redirectUris: event.target.value })}
          />
          <TextAreaField
            label="Post-logout redirect URIs (optional)"
            hint="One per line: where the app may send people after signing out."
            value={state.postLogoutUris}
            rows={2}
            spellCheck={false}
            onChange={(event) => set({ postLogoutUris: event.target.value })}
          />
        </fieldset>

        <fieldset className="section">
          <legend>Scopes</legend>
          <p className="field-hint">
            What the app may ask for. Untick all standard scopes for an API-only client.
          </p>
          {STANDARD_SCOPES.map((entry) => (
            <CheckboxField
              key={entry.scope}
              label={entry.label}
              checked={state.standardScopes.has(entry.scope)}
              onChange={(event) => toggleScope(entry.scope, event.target.checked)}
            />
          ))}
          <h3 className="subheading">Custom scopes</h3>
          {state.customScopes.length === 0 ? <p className="muted">No custom scopes.</p> : null}
          <ul className="scope-rows">
            {state.customScopes.map((entry, index) => (
              <li key={entry.key} className="scope-row">
                <TextField
                  label={`Custom scope ${index + 1}`}
                  value={entry.scope}
                  spellCheck={false}
                  autoCapitalize="off"
                  maxLength={128}
                  error={errors[`scope-${index}`]}
                  onChange={(event) => updateCustom(entry.key, { scope: event.target.value })}
                />
                <TextField
                  label={`Description of custom scope ${index + 1}`}
                  hint="Shown on the consent page."
                  value={entry.description}
                  maxLength={300}
                  onChange={(event) => updateCustom(entry.key, { description: event.target.value })}
                />
                <Button
                  variant="secondary"
                  onClick={() =>
                    set({ customScopes: state.customScopes.filter((other) => other.key !== entry.key) })
                  }
                >
                  Remove custom scope {index + 1}
                </Button>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            onClick={() =>
              set({ customScopes: [...state.customScopes, { key: nextKey++, scope: '', description: '' }] })
            }
          >
            Add a custom scope
          </Button>
        </fieldset>

        <fieldset className="section">
          <legend>Sign-in and tokens</legend>
          <CheckboxField
            label="Require PKCE"
            hint="Public clients always use PKCE."
            checked={state.type === 'public' ? true : state.requirePkce}
            disabled={state.type === 'public'}
            onChange={(event) => set({ requirePkce: event.target.checked })}
          />
          <SelectField
            label="ID token signing algorithm"
            options={SIGNING_ALGS.map((alg) => ({ value: alg, label: alg }))}
            value={state.alg}
            onChange={(event) => set({ alg: event.target.value as SigningAlg })}
          />
          <TextField
            label="Access token lifetime (seconds, optional)"
            hint="30 to 86400. Empty: the service default."
            type="number"
            inputMode="numeric"
            value={state.accessTtl}
            error={errors.accessTtl}
            onChange={(event) => set({ accessTtl: event.target.value })}
          />
          <TextField
            label="ID token lifetime (seconds, optional)"
            hint="30 to 86400. Empty: the service default."
            type="number"
            inputMode="numeric"
            value={state.idTtl}
            error={errors.idTtl}
            onChange={(event) => set({ idTtl: event.target.value })}
          />
          <TextField
            label="Refresh token lifetime (seconds, optional)"
            hint="60 to 31536000. Empty: the service default."
            type="number"
            inputMode="numeric"
            value={state.refreshTtl}
            error={errors.refreshTtl}
            onChange={(event) => set({ refreshTtl: event.target.value })}
          />
          <CheckboxField
            label="First-party app"
            hint="Belongs to this organization: people are not asked to consent."
            checked={state.firstParty}
            onChange={(event) => set({ firstParty: event.target.checked })}
          />
          <CheckboxField
            label="Require an organization"
            hint="People must pick an organization when they sign in to this app."
            checked={state.organizationRequired}
            onChange={(event) => set({ organizationRequired: event.target.checked })}
          />
        </fieldset>

        <fieldset className="section">
          <legend>Key delivery (zero-knowledge)</legend>
          <SelectField
            label="Key delivery format"
            options={[
              { value: 'none', label: 'None' },
              { value: 'v2', label: 'v2' },
              { value: 'legacy-v1', label: 'legacy-v1' },
            ]}
            value={state.zkDelivery}
            error={errors.zk}
            onChange={(event) => set({ zkDelivery: event.target.value as FormState['zkDelivery'] })}
          />
          <CheckboxField
            label="Require key delivery"
            hint="Sign-in fails unless the app's key can be delivered."
            checked={state.zkRequired}
            onChange={(event) => set({ zkRequired: event.target.checked })}
          />
        </fieldset>

        <fieldset className="section">
          <legend>Appearance</legend>
          <CheckboxField
            label="Show on people's app dashboard"
            checked={state.showOnDashboard}
            onChange={(event) => set({ showOnDashboard: event.target.checked })}
          />
          <TextField
            label="App URL (optional)"
            hint="Where the dashboard links to."
            type="url"
            inputMode="url"
            spellCheck={false}
            value={state.appUrl}
            error={errors.appUrl}
            onChange={(event) => set({ appUrl: event.target.value })}
          />
          <TextField
            label="Logo URL (optional)"
            type="url"
            inputMode="url"
            spellCheck={false}
            value={state.logoUri}
            error={errors.logoUri}
            onChange={(event) => set({ logoUri: event.target.value })}
          />
        </fieldset>
      </fieldset>
      {readOnly ? null : (
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
