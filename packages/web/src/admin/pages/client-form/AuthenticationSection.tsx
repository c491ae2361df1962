import { CheckboxField } from '../../../shared/CheckboxField';
import { SelectField } from '../../../shared/SelectField';
import { TextAreaField } from '../../../shared/TextAreaField';
import { TextField } from '../../../shared/TextField';
import type { AuthMethod, ClientSectionProps } from './client-draft';

/**
 * How a confidential client proves who it is (a secret, or private_key_jwt with its public keys), and whether its
 * authorization requests must be pushed (docs/integration.md, "FAPI 2.0-grade clients").
 */
export function AuthenticationSection({ draft, set, errors }: ClientSectionProps) {
  return (
    <fieldset className="section">
      <legend>Client authentication</legend>
      {draft.type === 'confidential' ? (
        <CheckboxField
          label="FAPI 2.0 Security Profile"
          hint="For high-value apps: requires private_key_jwt, pushed authorization requests, PKCE and DPoP-bound tokens together."
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
          label="Authentication method"
          hint="A client secret, or private_key_jwt: the app signs a short-lived assertion with its own key, and Tessera holds only the public key."
          options={[
            { value: 'client_secret_basic', label: 'Client secret' },
            { value: 'private_key_jwt', label: 'private_key_jwt (signed assertion)' },
          ]}
          value={draft.authMethod === 'client_secret_post' ? 'client_secret_basic' : draft.authMethod}
          disabled={draft.fapi2Profile}
          onChange={(event) => set({ authMethod: event.target.value as AuthMethod })}
        />
      ) : null}
      <TextAreaField
        label="Public keys (JWK Set, optional)"
        hint='The app&apos;s public keys as JSON, {"keys": [...]}: for private_key_jwt and signed request objects. Leave empty when the app publishes them at a URL.'
        value={draft.jwks}
        rows={4}
        spellCheck={false}
        error={errors.jwks}
        onChange={(event) => set({ jwks: event.target.value })}
      />
      <TextField
        label="JWK Set URL (optional)"
        hint="Or where the app publishes its public keys (https)."
        value={draft.jwksUri}
        spellCheck={false}
        error={errors.jwksUri}
        onChange={(event) => set({ jwksUri: event.target.value })}
      />
      <CheckboxField
        label="Require pushed authorization requests (PAR)"
        hint="The app must send each sign-in request to /par first; a plain /authorize link is refused."
        checked={draft.requirePar || (draft.type === 'confidential' && draft.fapi2Profile)}
        disabled={draft.type === 'confidential' && draft.fapi2Profile}
        onChange={(event) => set({ requirePar: event.target.checked })}
      />
    </fieldset>
  );
}
