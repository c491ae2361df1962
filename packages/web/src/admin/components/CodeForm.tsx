import type { ReactNode } from 'react';
import { Button } from '../../shared/Button';
import { normalizeCode } from '../../shared/otp';
import { TextField } from '../../shared/TextField';
import { useCodeSubmit } from '../../shared/use-code-submit';
import { describeError, errorCode } from '../error-text';

function codeError(value: string): string | undefined {
  const code = normalizeCode(value);
  if (code === '') return 'Enter the code.';
  if (code.length < 6 || code.length > 20)
    return 'Enter the code from the app (6 or 8 digits) or a backup code.';
  return undefined;
}

const CODE_TEXT: Record<string, string> = {
  invalid_otp: 'That code is not right. Use the newest code from the app, or a backup code.',
  otp_locked: 'Too many wrong codes: two-step verification is locked for a while. Try again later.',
  otp_not_pending: 'The setup expired. Reload the page and start again.',
};

export function describeCodeError(error: unknown): string {
  const code = errorCode(error);
  return (code && CODE_TEXT[code]) || describeError(error);
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
