import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
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
  totpLabel,
  totpHint,
  autoFocus = false,
  errorTitle,
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
  const { t } = useI18n();
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
        <ErrorPanel title={errorTitle ?? t('code.didNotWork')}>
          <p>{describeCodeError(refusal)}</p>
        </ErrorPanel>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        {kind === 'totp' ? (
          <TextField
            key="totp"
            ref={inputRef}
            label={totpLabel ?? t('code.totpLabel')}
            hint={totpHint ?? t('code.totpHint')}
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
            label={t('code.backupLabel')}
            hint={t('code.backupHint')}
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
              {kind === 'totp' ? t('code.useBackup') : t('code.useApp')}
            </button>
          </p>
        ) : null}
      </form>
    </>
  );
}
