import type { ReactNode } from 'react';
import { Button } from '../../shared/Button';
import { normalizeCode } from '../../shared/otp';
import { TextField } from '../../shared/TextField';
import { useCodeSubmit } from '../../shared/use-code-submit';
import { describeError, errorCode } from '../error-text';
import type { AdminMessageKey } from '../i18n/messages';
import { t } from '../i18n/text';

function codeError(value: string): string | undefined {
  const code = normalizeCode(value);
  if (code === '') return t('layout.code.empty');
  if (code.length < 6 || code.length > 20) return t('layout.code.malformed');
  return undefined;
}

const CODE_TEXT: Record<string, AdminMessageKey> = {
  invalid_otp: 'errors.code.invalidOtp',
  otp_locked: 'errors.code.otpLocked',
  otp_not_pending: 'errors.code.otpNotPending',
};

export function describeCodeError(error: unknown): string {
  const code = errorCode(error);
  const key = code && Object.hasOwn(CODE_TEXT, code) ? CODE_TEXT[code] : undefined;
  return key ? t(key) : describeError(error);
}

/** One code from the admin's authenticator app (or a backup code): sign-in, enrolment and step-up use it. */
export function CodeForm({
  label,
  hint,
  submitLabel,
  busyLabel,
  onCode,
  children,
}: {
  label: string;
  hint: string;
  submitLabel: string;
  busyLabel: string;
  /** Resolves when done; rejects with the server's refusal. */
  onCode: (code: string) => Promise<void>;
  /** More actions beside the submit button (a Cancel). */
  children?: ReactNode;
}) {
  const { code, setCode, fieldError, refusal, busy, inputRef, onSubmit } = useCodeSubmit({
    check: codeError,
    onCode,
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy}>
      <TextField
        ref={inputRef}
        label={label}
        hint={hint}
        name="one-time-code"
        autoComplete="one-time-code"
        spellCheck={false}
        autoCapitalize="off"
        value={code}
        // The server's refusal is explained at the field, until the next check.
        error={fieldError ?? (refusal ? describeCodeError(refusal) : undefined)}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
