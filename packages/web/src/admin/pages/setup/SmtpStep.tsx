import { CheckboxField } from '../../../shared/CheckboxField';
import { PasswordField } from '../../../shared/PasswordField';
import { SelectField } from '../../../shared/SelectField';
import { TextField } from '../../../shared/TextField';
import type { AdminMessageKey } from '../../i18n/messages';
import { t } from '../../i18n/text';
import type { SmtpInput } from '../../opaque-flows';
import type { InstallDraft, SmtpDraft, StepErrors } from './install-draft';
import { SmtpTestMessage, useSmtpTest } from './SmtpTestMessage';

const SECURITY_OPTIONS: { value: SmtpInput['security']; label: AdminMessageKey }[] = [
  { value: 'starttls', label: 'setup.smtp.security.starttls' },
  { value: 'tls', label: 'setup.smtp.security.tls' },
  { value: 'none', label: 'setup.smtp.security.none' },
];

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
      <p>{t('setup.smtp.intro')}</p>
      <CheckboxField
        label={t('setup.smtp.configure')}
        checked={draft.configureSmtp}
        onChange={(event) => onChange({ configureSmtp: event.target.checked })}
      />
      {draft.configureSmtp ? (
        <fieldset className="section">
          <legend>{t('setup.smtp.legend')}</legend>
          <TextField
            label={t('setup.smtp.host.label')}
            name="smtp-host"
            spellCheck={false}
            autoCapitalize="off"
            value={smtp.host}
            error={errors.host}
            onChange={(event) => set({ host: event.target.value })}
          />
          <TextField
            label={t('setup.smtp.port.label')}
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
            label={t('setup.smtp.security.label')}
            options={SECURITY_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
            value={smtp.security}
            onChange={(event) => set({ security: event.target.value as SmtpInput['security'] })}
          />
          <TextField
            label={t('setup.smtp.user.label')}
            name="smtp-user"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            value={smtp.user}
            onChange={(event) => set({ user: event.target.value })}
          />
          <PasswordField
            label={t('setup.smtp.password.label')}
            name="smtp-password"
            autoComplete="new-password"
            hint={t('setup.smtp.password.hint')}
            value={smtp.password}
            onChange={(event) => set({ password: event.target.value })}
          />
          <TextField
            label={t('setup.smtp.from.label')}
            hint={t('setup.smtp.from.hint')}
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
