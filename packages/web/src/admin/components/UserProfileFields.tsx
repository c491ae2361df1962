import { CheckboxField } from '../../shared/CheckboxField';
import { EmailField } from '../../shared/EmailField';
import { TextField } from '../../shared/TextField';
import { t } from '../i18n/text';

/** What creating a user and editing one both set: the address, the name, and whether the address is confirmed. */
export interface UserProfileDraft {
  email: string;
  name: string;
  emailVerified: boolean;
}

/** The draft as POST /admin/users and PUT /admin/users/{id} take it. */
export function userProfileBody(draft: UserProfileDraft) {
  return { email: draft.email.trim(), name: draft.name.trim(), email_verified: draft.emailVerified };
}

/**
 * The user profile fields of the create and edit forms. A new user's name is marked optional, and the checkbox
 * explains what unticking it does; on an existing user both speak for themselves.
 */
export function UserProfileFields({
  draft,
  onChange,
  emailError,
  purpose,
}: {
  draft: UserProfileDraft;
  onChange: (change: Partial<UserProfileDraft>) => void;
  emailError: string | undefined;
  purpose: 'create' | 'edit';
}) {
  return (
    <>
      <EmailField
        label={t('users.profile.email')}
        autoComplete="off"
        value={draft.email}
        error={emailError}
        onChange={(event) => onChange({ email: event.target.value })}
      />
      <TextField
        label={purpose === 'create' ? t('users.profile.nameOptional') : t('users.profile.name')}
        autoComplete="off"
        maxLength={200}
        value={draft.name}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <CheckboxField
        label={t('users.profile.emailConfirmed')}
        hint={purpose === 'create' ? t('users.profile.emailConfirmedHint') : undefined}
        checked={draft.emailVerified}
        onChange={(event) => onChange({ emailVerified: event.target.checked })}
      />
    </>
  );
}
