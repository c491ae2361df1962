import { CheckboxField } from '../../../shared/CheckboxField';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import type { ClientSectionProps } from './client-draft';

/** How the app appears on people's dashboard. */
export function AppearanceSection({ draft, set, errors }: ClientSectionProps) {
  return (
    <fieldset className="section">
      <legend>{t('clients.form.appearance.legend')}</legend>
      <CheckboxField
        label={t('clients.form.appearance.dashboard.label')}
        checked={draft.showOnDashboard}
        onChange={(event) => set({ showOnDashboard: event.target.checked })}
      />
      <TextField
        label={t('clients.form.appearance.appUrl.label')}
        hint={t('clients.form.appearance.appUrl.hint')}
        type="url"
        inputMode="url"
        spellCheck={false}
        value={draft.appUrl}
        error={errors.appUrl}
        onChange={(event) => set({ appUrl: event.target.value })}
      />
      <TextField
        label={t('clients.form.appearance.logoUri.label')}
        type="url"
        inputMode="url"
        spellCheck={false}
        value={draft.logoUri}
        error={errors.logoUri}
        onChange={(event) => set({ logoUri: event.target.value })}
      />
    </fieldset>
  );
}
