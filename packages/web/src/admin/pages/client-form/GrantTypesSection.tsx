import { useId } from 'react';
import { CheckboxField } from '../../../shared/CheckboxField';
import type { AdminMessageKey } from '../../i18n/messages';
import { t } from '../../i18n/text';
import type { GrantType } from '../../types';
import { type ClientSectionProps, TOKEN_EXCHANGE, toggled } from './client-draft';

const GRANTS: { value: GrantType; label: AdminMessageKey; hint: AdminMessageKey }[] = [
  {
    value: 'authorization_code',
    label: 'clients.form.grants.authorizationCode.label',
    hint: 'clients.form.grants.authorizationCode.hint',
  },
  {
    value: 'refresh_token',
    label: 'clients.form.grants.refreshToken.label',
    hint: 'clients.form.grants.refreshToken.hint',
  },
  {
    value: 'client_credentials',
    label: 'clients.form.grants.clientCredentials.label',
    hint: 'clients.form.grants.clientCredentials.hint',
  },
  {
    value: 'urn:ietf:params:oauth:grant-type:device_code',
    label: 'clients.form.grants.deviceCode.label',
    hint: 'clients.form.grants.deviceCode.hint',
  },
  {
    value: TOKEN_EXCHANGE,
    label: 'clients.form.grants.tokenExchange.label',
    hint: 'clients.form.grants.tokenExchange.hint',
  },
];

/** Which grants the client may use; one message for the group, tied to it with aria-describedby. */
export function GrantTypesSection({ draft, set, errors }: ClientSectionProps) {
  const grantsId = useId();
  return (
    <fieldset className="section" aria-describedby={errors.grants ? `${grantsId}-error` : undefined}>
      <legend>{t('clients.form.grants.legend')}</legend>
      {GRANTS.map((grant) => (
        <CheckboxField
          key={grant.value}
          label={t(grant.label)}
          hint={t(grant.hint)}
          checked={draft.grants.has(grant.value)}
          aria-invalid={errors.grants ? true : undefined}
          onChange={(event) => set({ grants: toggled(draft.grants, grant.value, event.target.checked) })}
        />
      ))}
      {errors.grants ? (
        <p id={`${grantsId}-error`} className="field-error">
          {errors.grants}
        </p>
      ) : null}
    </fieldset>
  );
}
