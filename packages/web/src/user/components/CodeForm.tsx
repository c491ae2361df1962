import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { TextField } from '../../shared/TextField';
import { useCodeSubmit } from '../../shared/use-code-submit';
import { type CodeKind, codeError, describeCodeError } from '../otp';

/**
 * One code, typed: the 6-digit code from an authenticator app (a numeric keypad on phones, and the browser may
 * offer a code it received) or, when `allowBackup`, one of the backup codes (letters and digits, so a normal
 * keyboard). A real button switches between the two.
 */
export function CodeForm({
  submitLabel,
  busyLabel,
  onCode,
  allowBackup = true,
  totpLabel = 'Code from your authenticator app',
  totpHint = 'The 6-digit code the app shows now for this account.',
  autoFocus = false,
  errorTitle = 'That code did not work',
  children,
}: {
  submitLabel: string;
  busyLabel: string;
  /** Resolves when done (the form stays busy: the page moves on); rejects with the server's refusal. */
  onCode: (code: string, kind: CodeKind) => Promise<void>;
  allowBackup?: boolean;
  totpLabel?: string;
  totpHint?: string;
  autoFocus?: boolean;
  errorTitle?: string;
  /** More actions next to the submit button (e.g. Cancel). */
  children?: ReactNode;
}) {
  const [kind, setKind] = useState<CodeKind>('totp');
  const { code, setCode, fieldError, refusal, busy, inputRef, onSubmit, clear } = useCodeSubmit({
    check: (value) => codeError(value, kind),
    onCode: (value) => onCode(value, kind),
  });
  const switched = useRef(false);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus, inputRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the kind of code asked for.
  useEffect(() => {
    if (switched.current) inputRef.current?.focus();
  }, [kind]);

  function switchKind() {
    switched.current = true;
    setKind((current) => (current === 'totp' ? 'backup' : 'totp'));
    clear();
  }

  return (
    <>
      {refusal ? (
        <ErrorPanel title={errorTitle}>
          <p>{describeCodeError(refusal)}</p>
        </ErrorPanel>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        {kind === 'totp' ? (
          <TextField
            key="totp"
            ref={inputRef}
            label={totpLabel}
            hint={totpHint}
            name="one-time-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            value={code}
            error={fieldError}
            onChange={(event) => setCode(event.target.value)}
          />
        ) : (
          <TextField
            key="backup"
            ref={inputRef}
            label="Backup code"
            hint="One of the backup codes you saved when you set up two-step verification, like ABCDE-FGH23. Each works once."
            name="backup-code"
            inputMode="text"
            autoComplete="one-time-code"
            spellCheck={false}
            autoCapitalize="characters"
            autoCorrect="off"
            value={code}
            error={fieldError}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
          {children}
        </div>
        {allowBackup ? (
          <p>
            <button type="button" className="text-button" onClick={switchKind}>
              {kind === 'totp' ? 'Use a backup code instead' : 'Use a code from your app instead'}
            </button>
          </p>
        ) : null}
      </form>
    </>
  );
}
