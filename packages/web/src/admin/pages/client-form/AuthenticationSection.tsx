import { CheckboxField } from '../../../shared/CheckboxField';
import { SelectField } from '../../../shared/SelectField';
import { TextAreaField } from '../../../shared/TextAreaField';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import type { AuthMethod, ClientSectionProps } from './client-draft';

/**
 * How a confidential client proves who it is (a secret, or private_key_jwt with its public keys), and whether its
 * authorization requests must be pushed (docs/integration.md, "FAPI 2.0-grade clients").
 */
export function AuthenticationSection({ draft, set, errors }: ClientSectionProps) {
  return (
    <fieldset className="section">
      <legend>{t('clients.form.auth.legend')}</legend>
      {draft.type === 'confidential' ? (
        <CheckboxField
          label={t('clients.form.auth.fapi2.label')}
          hint={t('clients.form.auth.fapi2.hint')}
          checked={draft.fapi2Profile}
          onChange={(event) =>
            set(
              event.target.checked
                ? {
                    fapi2Profile: true,
                    authMethod: 'private_key_jwt',
                    requirePar: true,
                    requirePkce: true,
                    dpopBoundAccessTokens: true,
                  }
                : { fapi2Profile: false },
            )
          }
        />
      ) : null}
      {draft.type === 'confidential' ? (
        <SelectField
          label={t('clients.form.auth.method.label')}
          hint={t('clients.form.auth.method.hint')}
          options={[
            { value: 'client_secret_basic', label: t('clients.form.auth.method.secret') },
            { value: 'private_key_jwt', label: t('clients.form.auth.method.privateKeyJwt') },
          ]}
          value={draft.authMethod === 'client_secret_post' ? 'client_secret_basic' : draft.authMethod}
          disabled={draft.fapi2Profile}
          onChange={(event) => set({ authMethod: event.target.value as AuthMethod })}
        />
      ) : null}
      <TextAreaField
        label={t('clients.form.auth.jwks.label')}
        hint={t('clients.form.auth.jwks.hint')}
        value={draft.jwks}
        rows={4}
        spellCheck={false}
        error={errors.jwks}
        onChange={(event) => set({ jwks: event.target.value })}
      />
      <TextField
        label={t('clients.form.auth.jwksUri.label')}
        hint={t('clients.form.auth.jwksUri.hint')}
        value={draft.jwksUri}
        spellCheck={false}
        error={errors.jwksUri}
        onChange={(event) => set({ jwksUri: event.target.value })}
      />
      <CheckboxField
        label={t('clients.form.auth.par.label')}
        hint={t('clients.form.auth.par.hint')}
        checked={draft.requirePar || (draft.type === 'confidential' && draft.fapi2Profile)}
        disabled={draft.type === 'confidential' && draft.fapi2Profile}
        onChange={(event) => set({ requirePar: event.target.checked })}
      />
    </fieldset>
  );
}
