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
import { t } from '../../i18n/text';

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
    name: draft.name.trim() === '' ? t('federation.fields.name.missing') : undefined,
    issuer: /^https?:\/\/\S+$/.test(draft.issuer.trim()) ? undefined : t('federation.fields.issuer.invalid'),
    clientId: draft.clientId.trim() === '' ? t('federation.fields.clientId.missing') : undefined,
    scopes: scopes.includes('openid') ? undefined : t('federation.fields.scopes.noOpenid'),
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
    label: t('federation.fields.linking.emailVerified'),
    hint: t('federation.fields.linking.emailVerified.hint'),
  },
  {
    value: 'disabled',
    label: t('federation.fields.linking.disabled'),
    hint: t('federation.fields.linking.disabled.hint'),
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
        label={t('federation.fields.name')}
        hint={t('federation.fields.name.hint')}
        maxLength={200}
        error={errors.name}
        {...text('name')}
      />
      <TextField
        label={t('federation.fields.issuer')}
        hint={t('federation.fields.issuer.hint', { tenant: '{tenant}' })}
        error={errors.issuer}
        {...text('issuer')}
      />
      {afterIssuer}
      <TextField
        label={t('federation.fields.clientId')}
        maxLength={500}
        error={errors.clientId}
        {...text('clientId')}
      />
      <fieldset className="field">
        <legend>{t('federation.fields.endpoints')}</legend>
        <TextField label={t('federation.fields.authorizationEndpoint')} {...text('authorizationEndpoint')} />
        <TextField label={t('federation.fields.tokenEndpoint')} {...text('tokenEndpoint')} />
        <TextField label={t('federation.fields.jwksUri')} {...text('jwksUri')} />
        <TextField
          label={t('federation.fields.userinfoEndpoint')}
          hint={t('federation.fields.userinfoEndpoint.hint')}
          {...text('userinfoEndpoint')}
        />
        <TextField
          label={t('federation.fields.discoveryUrl')}
          hint={t('federation.fields.discoveryUrl.hint')}
          {...text('discoveryUrl')}
        />
      </fieldset>
      <TextField
        label={t('federation.fields.scopes')}
        hint={t('federation.fields.scopes.hint')}
        error={errors.scopes}
        {...text('scopes')}
      />
      <fieldset className="field">
        <legend>{t('federation.fields.claims')}</legend>
        <p className="field-hint">{t('federation.fields.claims.hint')}</p>
        <TextField label={t('federation.fields.claims.email')} maxLength={100} {...text('emailClaim')} />
        <TextField label={t('federation.fields.claims.name')} maxLength={100} {...text('nameClaim')} />
        <TextField
          label={t('federation.fields.claims.emailVerified')}
          maxLength={100}
          {...text('emailVerifiedClaim')}
        />
      </fieldset>
      <TextAreaField
        label={t('federation.fields.domains')}
        hint={t('federation.fields.domains.hint')}
        rows={3}
        {...text('domains')}
      />
      {draft.accountLinkingPolicy === 'email' ? (
        <p className="field-hint" data-testid="email-linking-note">
          {t('federation.fields.linking.emailNote')}
        </p>
      ) : null}
      <RadioGroup<LinkingPolicy>
        legend={t('federation.fields.linking')}
        name="accountLinkingPolicy"
        value={draft.accountLinkingPolicy}
        options={LINKING_OPTIONS}
        disabled={disabled}
        onChange={(value) => onChange({ accountLinkingPolicy: value })}
      />
      <CheckboxField
        label={t('federation.fields.jit')}
        hint={t('federation.fields.jit.hint')}
        checked={draft.jitProvisioning}
        onChange={(event) => onChange({ jitProvisioning: event.target.checked })}
      />
      <CheckboxField
        label={t('federation.fields.trustMfa')}
        hint={t('federation.fields.trustMfa.hint')}
        checked={draft.trustUpstreamMfa}
        onChange={(event) => onChange({ trustUpstreamMfa: event.target.checked })}
      />
      <CheckboxField
        label={t('federation.fields.allowLocal')}
        hint={t('federation.fields.allowLocal.hint')}
        checked={draft.allowLocalAccounts}
        onChange={(event) => onChange({ allowLocalAccounts: event.target.checked })}
      />
    </>
  );
}
