import { EmailField } from '../../../shared/EmailField';
import { NewPasswordField } from '../../../shared/NewPasswordField';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import { NEW_PASSWORD_HINT } from '../../validation';
import type { InstallDraft, StepErrors } from './install-draft';

/** Step 1: the first administrator's account (the password is registered with OPAQUE in this browser). */
export function AdministratorStep({
  draft,
  onChange,
  errors,
}: {
  draft: InstallDraft;
  onChange: (patch: Partial<InstallDraft>) => void;
  errors: StepErrors;
}) {
  return (
    <>
      <p>{t('setup.administrator.intro')}</p>
      <EmailField
        label={t('setup.administrator.email.label')}
        name="email"
        autoComplete="username"
        value={draft.email}
        error={errors.email}
        onChange={(event) => onChange({ email: event.target.value })}
      />
      <TextField
        label={t('setup.administrator.name.label')}
        name="name"
        autoComplete="name"
        value={draft.adminName}
        onChange={(event) => onChange({ adminName: event.target.value })}
      />
      <NewPasswordField
        label={t('setup.administrator.password.label')}
        name="new-password"
        hint={t('setup.administrator.password.hint', { rule: NEW_PASSWORD_HINT })}
        value={draft.password}
        error={errors.password}
        onChange={(event) => onChange({ password: event.target.value })}
      />
    </>
  );
}
