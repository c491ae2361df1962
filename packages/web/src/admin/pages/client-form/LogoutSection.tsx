import { CheckboxField } from '../../../shared/CheckboxField';
import { TextField } from '../../../shared/TextField';
import type { ClientSectionProps } from './client-draft';

/** What the app is told, and what ends, when a session it got tokens in ends (docs/logout.md). */
export function LogoutSection({ draft, set, errors }: ClientSectionProps) {
  return (
    <fieldset className="section">
      <legend>Logout</legend>
      <TextField
        label="Back-channel logout URI (optional)"
        hint="Where Tessera POSTs a logout token when a session the app got tokens in ends (OpenID Connect Back-Channel Logout). https to a public address."
        type="url"
        inputMode="url"
        spellCheck={false}
        value={draft.backchannelLogoutUri}
        error={errors.backchannelLogoutUri}
        onChange={(event) => set({ backchannelLogoutUri: event.target.value })}
      />
      <CheckboxField
        label="The app needs the session id (sid) in logout tokens"
        hint="Tessera always sends it; this records that the app relies on it."
        checked={draft.backchannelLogoutSessionRequired}
        onChange={(event) => set({ backchannelLogoutSessionRequired: event.target.checked })}
      />
      <CheckboxField
        label="End offline access with the session"
        hint="Without it, refresh tokens granted with offline_access outlive a sign-out; the others always end with it."
        checked={draft.logoutEndsOfflineAccess}
        onChange={(event) => set({ logoutEndsOfflineAccess: event.target.checked })}
      />
    </fieldset>
  );
}
