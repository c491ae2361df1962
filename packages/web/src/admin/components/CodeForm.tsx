import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { TextField } from '../../shared/TextField';
import { describeError, errorCode } from '../error-text';

function codeError(value: string): string | undefined {
  const code = value.replace(/\s+/g, '');
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
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = codeError(code);
    setFieldError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onCode(code.replace(/\s+/g, ''));
    } catch (error) {
      setFieldError(describeCodeError(error));
      setCode('');
      setBusy(false);
      inputRef.current?.focus();
    }
  }

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
        error={fieldError}
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
