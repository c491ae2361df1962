import { CheckboxField } from '../../../shared/CheckboxField';
import { TextField } from '../../../shared/TextField';
import type { ClientSectionProps } from './client-draft';

/** How the app appears on people's dashboard. */
export function AppearanceSection({ draft, set, errors }: ClientSectionProps) {
  return (
    <fieldset className="section">
      <legend>Appearance</legend>
      <CheckboxField
        label="Show on people's app dashboard"
        checked={draft.showOnDashboard}
        onChange={(event) => set({ showOnDashboard: event.target.checked })}
      />
      <TextField
        label="App URL (optional)"
        hint="Where the dashboard links to."
        type="url"
        inputMode="url"
        spellCheck={false}
        value={draft.appUrl}
        error={errors.appUrl}
        onChange={(event) => set({ appUrl: event.target.value })}
      />
      <TextField
        label="Logo URL (optional)"
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
