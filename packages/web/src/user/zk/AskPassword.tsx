import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../shared/Button';
import { useI18n } from '../../shared/i18n/I18n';
import { PasswordField } from '../../shared/PasswordField';
import type { EnvelopeSecret } from '../../shared/zk';
import { describeError } from '../error-text';
import { passwordSecretOf } from './keybag-api';

/**
 * A password form that resolves the password's envelope secret (OPAQUE, in this browser) to `onSecret`. When the
 * secret is right for sign-in but not for what the caller does with it (say, it does not open the keybag),
 * `onSecret` resolves the text to show beside the field.
 */
export function AskPassword({
  email,
  submitLabel,
  label,
  onSecret,
  children,
}: {
  email: string;
  submitLabel: string;
  /** The form's accessible name, when the page has more than one form. */
  label?: string;
  onSecret: (secret: EnvelopeSecret) => Promise<string | undefined>;
  children?: ReactNode;
}) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const { t } = useI18n();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (value === '') {
      setError(t('validation.passwordEmpty'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const secret = await passwordSecretOf(value);
      setValue('');
      if (secret === null) {
        setError(t('unlock.passwordNotCorrect'));
        return;
      }
      const problem = await onSecret(secret);
      if (typeof problem === 'string') setError(problem);
    } catch (failed) {
      setError(describeError(failed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      {/* The account the password belongs to, for password managers (they fill and save by username). */}
      <input type="hidden" name="username" value={email} autoComplete="username" readOnly />
      <PasswordField
        label={t('unlock.yourPassword')}
        autoComplete="current-password"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('common.checking') : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
