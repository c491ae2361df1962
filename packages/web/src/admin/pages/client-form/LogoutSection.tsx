import { CheckboxField } from '../../../shared/CheckboxField';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import type { ClientSectionProps } from './client-draft';

/** What the app is told, and what ends, when a session it got tokens in ends (docs/logout.md). */
export function LogoutSection({ draft, set, errors }: ClientSectionProps) {
  return (
    <fieldset className="section">
      <legend>{t('clients.form.logout.legend')}</legend>
      <TextField
        label={t('clients.form.logout.uri.label')}
        hint={t('clients.form.logout.uri.hint')}
        type="url"
        inputMode="url"
        spellCheck={false}
        value={draft.backchannelLogoutUri}
        error={errors.backchannelLogoutUri}
        onChange={(event) => set({ backchannelLogoutUri: event.target.value })}
      />
      <CheckboxField
        label={t('clients.form.logout.sessionRequired.label')}
        hint={t('clients.form.logout.sessionRequired.hint')}
        checked={draft.backchannelLogoutSessionRequired}
        onChange={(event) => set({ backchannelLogoutSessionRequired: event.target.checked })}
      />
      <CheckboxField
        label={t('clients.form.logout.endsOfflineAccess.label')}
        hint={t('clients.form.logout.endsOfflineAccess.hint')}
        checked={draft.logoutEndsOfflineAccess}
        onChange={(event) => set({ logoutEndsOfflineAccess: event.target.checked })}
      />
    </fieldset>
  );
}
