import { CheckboxField } from '../../../shared/CheckboxField';
import { PasswordField } from '../../../shared/PasswordField';
import { SelectField } from '../../../shared/SelectField';
import { TextField } from '../../../shared/TextField';
import type { SmtpInput } from '../../opaque-flows';
import type { InstallDraft, SmtpDraft, StepErrors } from './install-draft';
import { SmtpTestMessage, useSmtpTest } from './SmtpTestMessage';

const SECURITY_OPTIONS = [
  { value: 'starttls', label: 'STARTTLS (usually port 587)' },
  { value: 'tls', label: 'TLS from the start (usually port 465)' },
  { value: 'none', label: 'None (only for a relay on this machine)' },
] as const;

/** Step 3: email (SMTP), now or later, with a test message before anything is saved. */
export function SmtpStep({
  token,
  draft,
  onChange,
  errors,
  onInvalid,
}: {
  token: string;
  draft: InstallDraft;
  onChange: (patch: Partial<InstallDraft>) => void;
  errors: StepErrors;
  /** The test message found problems in the fields: show them. */
  onInvalid: (errors: StepErrors) => void;
}) {
  const { smtp } = draft;
  const test = useSmtpTest(token, draft.email.trim());
  const set = (patch: Partial<SmtpDraft>) => onChange({ smtp: { ...smtp, ...patch } });
  return (
    <>
      <p>
        Email lets people confirm their address and reset a forgotten password. You can also set it up later
        under Settings.
      </p>
      <CheckboxField
        label="Set up email (SMTP) now"
        checked={draft.configureSmtp}
        onChange={(event) => onChange({ configureSmtp: event.target.checked })}
      />
      {draft.configureSmtp ? (
        <fieldset className="section">
          <legend>SMTP server</legend>
          <TextField
            label="Host"
            name="smtp-host"
            spellCheck={false}
            autoCapitalize="off"
            value={smtp.host}
            error={errors.host}
            onChange={(event) => set({ host: event.target.value })}
          />
          <TextField
            label="Port"
            name="smtp-port"
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            value={smtp.port}
            error={errors.port}
            onChange={(event) => set({ port: event.target.value })}
          />
          <SelectField
            label="Connection security"
            options={SECURITY_OPTIONS}
            value={smtp.security}
            onChange={(event) => set({ security: event.target.value as SmtpInput['security'] })}
          />
          <TextField
            label="User name (optional)"
            name="smtp-user"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            value={smtp.user}
            onChange={(event) => set({ user: event.target.value })}
          />
          <PasswordField
            label="SMTP password (optional)"
            name="smtp-password"
            autoComplete="new-password"
            hint="Stored encrypted; never shown again."
            value={smtp.password}
            onChange={(event) => set({ password: event.target.value })}
          />
          <TextField
            label="Sender address"
            hint="For example: Acme ID <id@acme.example>"
            name="smtp-from"
            spellCheck={false}
            value={smtp.from}
            error={errors.from}
            onChange={(event) => set({ from: event.target.value })}
          />
          <SmtpTestMessage test={test} onSend={() => test.send(smtp, onInvalid)} />
        </fieldset>
      ) : null}
    </>
  );
}
