import { EmailField } from '../../../shared/EmailField';
import { NewPasswordField } from '../../../shared/NewPasswordField';
import { TextField } from '../../../shared/TextField';
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
      <p>The first administrator can do everything here, including adding more admins.</p>
      <EmailField
        label="Admin email address"
        name="email"
        autoComplete="username"
        value={draft.email}
        error={errors.email}
        onChange={(event) => onChange({ email: event.target.value })}
      />
      <TextField
        label="Your name (optional)"
        name="name"
        autoComplete="name"
        value={draft.adminName}
        onChange={(event) => onChange({ adminName: event.target.value })}
      />
      <NewPasswordField
        label="Admin password"
        name="new-password"
        hint={`${NEW_PASSWORD_HINT} It never leaves this browser: the server stores only an OPAQUE record.`}
        value={draft.password}
        error={errors.password}
        onChange={(event) => onChange({ password: event.target.value })}
      />
    </>
  );
}
