import type { ReactNode } from 'react';
import { CheckboxField } from '../../../shared/CheckboxField';
import { RadioGroup } from '../../../shared/RadioGroup';
import { TextAreaField } from '../../../shared/TextAreaField';
import { TextField } from '../../../shared/TextField';
import type {
  FederationConnectionBody,
  FederationConnectionView,
  LinkingPolicy,
} from '../../federation-types';

/** A connection's settings as the form edits them (text where the API takes lists). */
export interface ConnectionDraft {
  name: string;
  issuer: string;
  clientId: string;
  discoveryUrl: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  userinfoEndpoint: string;
  /** Space-separated. */
  scopes: string;
  emailClaim: string;
  nameClaim: string;
  emailVerifiedClaim: string;
  accountLinkingPolicy: LinkingPolicy;
  jitProvisioning: boolean;
  trustUpstreamMfa: boolean;
  allowLocalAccounts: boolean;
  /** One per line. */
  domains: string;
}

export type ConnectionFieldError = 'name' | 'issuer' | 'clientId' | 'scopes';

/** The form's starting values: the connection's, or the server's defaults for a new one (connections.ts). */
export function connectionDraft(connection: FederationConnectionView | null): ConnectionDraft {
  return {
    name: connection?.name ?? '',
    issuer: connection?.issuer ?? '',
    clientId: connection?.clientId ?? '',
    discoveryUrl: connection?.discoveryUrl ?? '',
    authorizationEndpoint: connection?.authorizationEndpoint ?? '',
    tokenEndpoint: connection?.tokenEndpoint ?? '',
    jwksUri: connection?.jwksUri ?? '',
    userinfoEndpoint: connection?.userinfoEndpoint ?? '',
    scopes: (connection?.scopes ?? ['openid', 'email', 'profile']).join(' '),
    emailClaim: connection?.claimMapping.email ?? '',
    nameClaim: connection?.claimMapping.name ?? '',
    emailVerifiedClaim: connection?.claimMapping.emailVerified ?? '',
    accountLinkingPolicy: connection?.accountLinkingPolicy ?? 'email_verified',
    jitProvisioning: connection?.jitProvisioning ?? false,
    trustUpstreamMfa: connection?.trustUpstreamMfa ?? false,
    allowLocalAccounts: connection?.allowLocalAccounts ?? false,
    domains: (connection?.domains ?? []).join('\n'),
  };
}

export function checkConnectionDraft(draft: ConnectionDraft): Partial<Record<ConnectionFieldError, string>> {
  const scopes = draft.scopes.split(/\s+/).filter(Boolean);
  return {
    name: draft.name.trim() === '' ? 'Enter a name, e.g. the identity provider’s name.' : undefined,
    issuer: /^https?:\/\/\S+$/.test(draft.issuer.trim())
      ? undefined
      : 'Enter the provider’s issuer URL, e.g. https://login.example.com.',
    clientId: draft.clientId.trim() === '' ? 'Enter the client ID the provider gave Tessera.' : undefined,
    scopes: scopes.includes('openid') ? undefined : 'The scopes must include openid.',
  };
}

/**
 * The request body. Endpoints left empty are left out, so the server keeps them (an edit) or fills them by
 * discovery from the issuer (a new connection); an emptied userinfo endpoint on an edit removes it.
 */
export function connectionBody(draft: ConnectionDraft, editing: boolean): FederationConnectionBody {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const claim = (value: string) => optional(value);
  const claimMapping = {
    ...(claim(draft.emailClaim) ? { email: claim(draft.emailClaim) } : {}),
    ...(claim(draft.nameClaim) ? { name: claim(draft.nameClaim) } : {}),
    ...(claim(draft.emailVerifiedClaim) ? { emailVerified: claim(draft.emailVerifiedClaim) } : {}),
  };
  return {
    name: draft.name.trim(),
    issuer: draft.issuer.trim(),
    clientId: draft.clientId.trim(),
    discoveryUrl: optional(draft.discoveryUrl) ?? null,
    authorizationEndpoint: optional(draft.authorizationEndpoint),
    tokenEndpoint: optional(draft.tokenEndpoint),
    jwksUri: optional(draft.jwksUri),
    userinfoEndpoint: optional(draft.userinfoEndpoint) ?? (editing ? null : undefined),
    scopes: draft.scopes.split(/\s+/).filter(Boolean),
    claimMapping,
    accountLinkingPolicy: draft.accountLinkingPolicy,
    jitProvisioning: draft.jitProvisioning,
    trustUpstreamMfa: draft.trustUpstreamMfa,
    allowLocalAccounts: draft.allowLocalAccounts,
    domains: draft.domains
      .split(/[\s,]+/)
      .map((domain) => domain.trim())
      .filter(Boolean),
  };
}

/**
 * The linking policies the portal offers (docs/federation.md#admin-portal: linking by an unverified email is
 * not offered).
 */
const LINKING_OPTIONS = [
  {
    value: 'email_verified',
    label: 'Link by verified email (recommended)',
    hint: 'An existing account is linked when the provider says the address is verified and its domain is a verified domain of this connection.',
  },
  {
    value: 'disabled',
    label: 'Never link to existing accounts',
    hint: 'A person whose address already has an account is refused; only new accounts (if created below) sign in.',
  },
] as const;

/** The connection's settings fields: identity, endpoints, scopes, claims, domains and policies. */
export function ConnectionFields({
  draft,
  errors,
  onChange,
  disabled,
  afterIssuer,
}: {
  draft: ConnectionDraft;
  errors: Partial<Record<ConnectionFieldError, string>>;
  onChange: (change: Partial<ConnectionDraft>) => void;
  disabled: boolean;
  /** Shown under the issuer (the discovery look-up). */
  afterIssuer?: ReactNode;
}) {
  const text = (name: keyof ConnectionDraft) => ({
    value: draft[name] as string,
    onChange: (event: { target: { value: string } }) => onChange({ [name]: event.target.value }),
  });
  return (
    <>
      <TextField
        label="Name"
        hint="Shown on the sign-in page."
        maxLength={200}
        error={errors.name}
        {...text('name')}
      />
      <TextField
        label="Issuer URL"
        hint="The provider’s issuer, e.g. https://login.microsoftonline.com/{tenant}/v2.0."
        error={errors.issuer}
        {...text('issuer')}
      />
      {afterIssuer}
      <TextField label="Client ID" maxLength={500} error={errors.clientId} {...text('clientId')} />
      <fieldset className="field">
        <legend>Endpoints</legend>
        <TextField label="Authorization endpoint" {...text('authorizationEndpoint')} />
        <TextField label="Token endpoint" {...text('tokenEndpoint')} />
        <TextField label="JWKS URI" {...text('jwksUri')} />
        <TextField label="Userinfo endpoint" hint="Optional." {...text('userinfoEndpoint')} />
        <TextField
          label="Discovery URL"
          hint="Optional: only when the provider’s discovery document is not at the issuer’s /.well-known/openid-configuration."
          {...text('discoveryUrl')}
        />
      </fieldset>
      <TextField
        label="Scopes"
        hint="Separated by spaces; openid is required."
        error={errors.scopes}
        {...text('scopes')}
      />
      <fieldset className="field">
        <legend>Claim mapping</legend>
        <p className="field-hint">Leave empty for the standard claim names (email, name, email_verified).</p>
        <TextField label="Email claim" maxLength={100} {...text('emailClaim')} />
        <TextField label="Name claim" maxLength={100} {...text('nameClaim')} />
        <TextField label="Email-verified claim" maxLength={100} {...text('emailVerifiedClaim')} />
      </fieldset>
      <TextAreaField
        label="Email domains"
        hint="One per line. A domain routes sign-ins to this provider only once it is verified (see Domains)."
        rows={3}
        {...text('domains')}
      />
      {draft.accountLinkingPolicy === 'email' ? (
        <p className="field-hint" data-testid="email-linking-note">
          This connection links by any email the provider sends (set through the API). The portal does not
          offer that policy; choose one below to replace it.
        </p>
      ) : null}
      <RadioGroup<LinkingPolicy>
        legend="Linking to existing accounts"
        name="accountLinkingPolicy"
        value={draft.accountLinkingPolicy}
        options={LINKING_OPTIONS}
        disabled={disabled}
        onChange={(value) => onChange({ accountLinkingPolicy: value })}
      />
      <CheckboxField
        label="Create accounts at the first sign-in"
        hint="Just-in-time creation, for a verified email in a verified domain of this connection."
        checked={draft.jitProvisioning}
        onChange={(event) => onChange({ jitProvisioning: event.target.checked })}
      />
      <CheckboxField
        label="Trust the provider’s multi-factor authentication"
        hint="When the provider reports mfa (amr), no Tessera second factor is asked for at sign-in."
        checked={draft.trustUpstreamMfa}
        onChange={(event) => onChange({ trustUpstreamMfa: event.target.checked })}
      />
      <CheckboxField
        label="Also allow local accounts in these domains"
        hint="Off: addresses in the verified domains sign up, are created and change their address only through this provider."
        checked={draft.allowLocalAccounts}
        onChange={(event) => onChange({ allowLocalAccounts: event.target.checked })}
      />
    </>
  );
}
