import { CheckboxField } from '../../../shared/CheckboxField';
import { SelectField } from '../../../shared/SelectField';
import { TextField } from '../../../shared/TextField';
import { SIGNING_ALGS, type SigningAlg } from '../../types';
import type { ClientDraft, ClientSectionProps } from './client-draft';

/** A token lifetime in seconds; empty means the service default. */
function LifetimeField({
  label,
  hint,
  field,
  draft,
  set,
  errors,
}: ClientSectionProps & {
  label: string;
  hint: string;
  field: 'accessTtl' | 'idTtl' | 'refreshTtl';
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      type="number"
      inputMode="numeric"
      value={draft[field]}
      error={errors[field]}
      onChange={(event) => set({ [field]: event.target.value } as Partial<ClientDraft>)}
    />
  );
}

/** PKCE, the ID token's algorithm, token lifetimes, consent and organizations. */
export function TokensSection(props: ClientSectionProps) {
  const { draft, set } = props;
  return (
    <fieldset className="section">
      <legend>Sign-in and tokens</legend>
      <CheckboxField
        label="Require PKCE"
        hint="Public clients and FAPI 2.0 clients always use PKCE."
        checked={draft.type === 'public' || draft.fapi2Profile ? true : draft.requirePkce}
        disabled={draft.type === 'public' || draft.fapi2Profile}
        onChange={(event) => set({ requirePkce: event.target.checked })}
      />
      <SelectField
        label="ID token signing algorithm"
        options={SIGNING_ALGS.map((alg) => ({ value: alg, label: alg }))}
        value={draft.alg}
        onChange={(event) => set({ alg: event.target.value as SigningAlg })}
      />
      <LifetimeField
        {...props}
        field="accessTtl"
        label="Access token lifetime (seconds, optional)"
        hint="30 to 86400. Empty: the service default."
      />
      <LifetimeField
        {...props}
        field="idTtl"
        label="ID token lifetime (seconds, optional)"
        hint="30 to 86400. Empty: the service default."
      />
      <LifetimeField
        {...props}
        field="refreshTtl"
        label="Refresh token lifetime (seconds, optional)"
        hint="60 to 31536000. Empty: the service default."
      />
      <CheckboxField
        label="First-party app"
        hint="Belongs to this organization: people are not asked to consent."
        checked={draft.firstParty}
        onChange={(event) => set({ firstParty: event.target.checked })}
      />
      <CheckboxField
        label="Require an organization"
        hint="People must pick an organization when they sign in to this app."
        checked={draft.organizationRequired}
        onChange={(event) => set({ organizationRequired: event.target.checked })}
      />
      <CheckboxField
        label="Require DPoP"
        hint="The app must prove possession of a key at the token endpoint, so its tokens are bound to that key (RFC 9449)."
        checked={draft.dpopBoundAccessTokens || (draft.type === 'confidential' && draft.fapi2Profile)}
        disabled={draft.type === 'confidential' && draft.fapi2Profile}
        onChange={(event) => set({ dpopBoundAccessTokens: event.target.checked })}
      />
    </fieldset>
  );
}
