import { TextAreaField } from '../../../shared/TextAreaField';
import type { ClientSectionProps } from './client-draft';

/** The redirect URIs (compared exactly) and where the app may send people after signing out. */
export function RedirectsSection({ draft, set, errors }: ClientSectionProps) {
  return (
    <fieldset className="section">
      <legend>Redirects</legend>
      <TextAreaField
        label="Redirect URIs"
        hint="One per line, compared exactly. https, or http only for localhost; native apps may use a private scheme like com.example.app:/callback."
        value={draft.redirectUris}
        rows={3}
        spellCheck={false}
        error={errors.redirectUris}
        onChange={(event) => set({ redirectUris: event.target.value })}
      />
      <TextAreaField
        label="Post-logout redirect URIs (optional)"
        hint="One per line: where the app may send people after signing out."
        value={draft.postLogoutUris}
        rows={2}
        spellCheck={false}
        onChange={(event) => set({ postLogoutUris: event.target.value })}
      />
    </fieldset>
  );
}
