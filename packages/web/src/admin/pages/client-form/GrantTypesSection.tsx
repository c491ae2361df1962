import { useId } from 'react';
import { CheckboxField } from '../../../shared/CheckboxField';
import type { GrantType } from '../../types';
import { type ClientSectionProps, TOKEN_EXCHANGE, toggled } from './client-draft';

const GRANTS: { value: GrantType; label: string; hint: string }[] = [
  {
    value: 'authorization_code',
    label: 'Authorization code',
    hint: 'People sign in through the browser (with PKCE). Needs at least one redirect URI.',
  },
  {
    value: 'refresh_token',
    label: 'Refresh token',
    hint: 'Keeps people signed in; needs authorization code or device code.',
  },
  {
    value: 'client_credentials',
    label: 'Client credentials',
    hint: 'The app calls APIs as itself, with its secret. Confidential clients only.',
  },
  {
    value: 'urn:ietf:params:oauth:grant-type:device_code',
    label: 'Device code (TVs, CLIs)',
    hint: 'A device without a browser shows a code; people approve it on the hosted UI’s device page. Not with key delivery.',
  },
  {
    value: TOKEN_EXCHANGE,
    label: 'Token exchange',
    hint: "The app trades a person's access token for a narrower one for another API (RFC 8693). Confidential clients only.",
  },
];

/** Which grants the client may use; one message for the group, tied to it with aria-describedby. */
export function GrantTypesSection({ draft, set, errors }: ClientSectionProps) {
  const grantsId = useId();
  return (
    <fieldset className="section" aria-describedby={errors.grants ? `${grantsId}-error` : undefined}>
      <legend>Grant types</legend>
      {GRANTS.map((grant) => (
        <CheckboxField
          key={grant.value}
          label={grant.label}
          hint={grant.hint}
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
