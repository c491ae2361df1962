import { TextAreaField } from '../../../shared/TextAreaField';
import { t } from '../../i18n/text';
import type { ClientSectionProps } from './client-draft';

/** The redirect URIs (compared exactly) and where the app may send people after signing out. */
export function RedirectsSection({ draft, set, errors }: ClientSectionProps) {
  return (
    <fieldset className="section">
      <legend>{t('clients.form.redirects.legend')}</legend>
      <TextAreaField
        label={t('clients.form.redirects.uris.label')}
        hint={t('clients.form.redirects.uris.hint')}
        value={draft.redirectUris}
        rows={3}
        spellCheck={false}
        error={errors.redirectUris}
        onChange={(event) => set({ redirectUris: event.target.value })}
      />
      <TextAreaField
        label={t('clients.form.redirects.postLogout.label')}
        hint={t('clients.form.redirects.postLogout.hint')}
        value={draft.postLogoutUris}
        rows={2}
        spellCheck={false}
        onChange={(event) => set({ postLogoutUris: event.target.value })}
      />
    </fieldset>
  );
}
