import { CheckboxField } from '../../../shared/CheckboxField';
import { SelectField } from '../../../shared/SelectField';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import { SIGNING_ALGS, type SigningAlg } from '../../types';
import { type ClientDraft, type ClientSectionProps, LIFETIME_LIMITS } from './client-draft';

/** A token lifetime in seconds; empty means the service default. */
function LifetimeField({
  label,
  field,
  draft,
  set,
  errors,
}: ClientSectionProps & {
  label: string;
  field: keyof typeof LIFETIME_LIMITS;
}) {
  const { min, max } = LIFETIME_LIMITS[field];
  return (
    <TextField
      label={label}
      // As strings: the limits are shown as the field takes them, without digit grouping.
      hint={t('clients.form.tokens.ttl.hint', { min: String(min), max: String(max) })}
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
      <legend>{t('clients.form.tokens.legend')}</legend>
      <CheckboxField
        label={t('clients.form.tokens.pkce.label')}
        hint={t('clients.form.tokens.pkce.hint')}
        checked={draft.type === 'public' || draft.fapi2Profile ? true : draft.requirePkce}
        disabled={draft.type === 'public' || draft.fapi2Profile}
        onChange={(event) => set({ requirePkce: event.target.checked })}
      />
      <SelectField
        label={t('clients.form.tokens.alg.label')}
        options={SIGNING_ALGS.map((alg) => ({ value: alg, label: alg }))}
        value={draft.alg}
        onChange={(event) => set({ alg: event.target.value as SigningAlg })}
      />
      <LifetimeField {...props} field="accessTtl" label={t('clients.form.tokens.accessTtl.label')} />
      <LifetimeField {...props} field="idTtl" label={t('clients.form.tokens.idTtl.label')} />
      <LifetimeField {...props} field="refreshTtl" label={t('clients.form.tokens.refreshTtl.label')} />
      <CheckboxField
        label={t('clients.form.tokens.firstParty.label')}
        hint={t('clients.form.tokens.firstParty.hint')}
        checked={draft.firstParty}
        onChange={(event) => set({ firstParty: event.target.checked })}
      />
      <CheckboxField
        label={t('clients.form.tokens.organizationRequired.label')}
        hint={t('clients.form.tokens.organizationRequired.hint')}
        checked={draft.organizationRequired}
        onChange={(event) => set({ organizationRequired: event.target.checked })}
      />
      <CheckboxField
        label={t('clients.form.tokens.dpop.label')}
        hint={t('clients.form.tokens.dpop.hint')}
        checked={draft.dpopBoundAccessTokens || (draft.type === 'confidential' && draft.fapi2Profile)}
        disabled={draft.type === 'confidential' && draft.fapi2Profile}
        onChange={(event) => set({ dpopBoundAccessTokens: event.target.checked })}
      />
    </fieldset>
  );
}
