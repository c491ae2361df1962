import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../shared/Button';

/**
 * Backup codes, shown exactly once (the server keeps only one-way hashes): the page says so plainly, offers to copy
 * them, and moves on only after the person confirms they saved them.
 */
export function BackupCodes({
  codes,
  intro,
  continueLabel = 'Continue',
  onDone,
}: {
  codes: string[];
  /** What just happened, before the codes (e.g. "Two-step verification is on."). */
  intro: string;
  continueLabel?: string;
  onDone: () => void;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [reminder, setReminder] = useState(false);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  function copy() {
    const text = `${codes.join('\n')}\n`;
    // The Clipboard API needs a secure context (https or localhost); without it, selecting by hand still works.
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) {
      setCopied('failed');
      return;
    }
    clipboard.writeText(text).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  }

  return (
    <section className="backup-codes" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        Save your backup codes now
      </h2>
      <p>{intro}</p>
      <p>
        <strong>These codes are shown only this once.</strong> If you lose your phone or the authenticator
        app, each code lets you sign in one time instead of a code from the app. Keep them somewhere safe,
        such as a password manager or a printed copy.
      </p>
      <ul className="backup-code-list" data-testid="backup-codes" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button variant="secondary" onClick={copy}>
          Copy codes
        </Button>
        <span role="status" className="muted">
          {copied === 'copied' ? 'Copied to the clipboard.' : null}
          {copied === 'failed' ? 'Copying is not possible here: select the codes and copy them.' : null}
        </span>
      </div>
      <div className="otp-confirm">
        <input
          id={`${id}-saved`}
          type="checkbox"
          checked={saved}
          aria-describedby={reminder && !saved ? `${id}-reminder` : undefined}
          onChange={(event) => {
            setSaved(event.target.checked);
            if (event.target.checked) setReminder(false);
          }}
        />
        <label htmlFor={`${id}-saved`}>I have saved these backup codes somewhere safe</label>
      </div>
      {reminder && !saved ? (
        <p id={`${id}-reminder`} className="field-error" role="alert">
          Save the codes first, then tick the box. You will not see them again.
        </p>
      ) : null}
      <div className="form-actions">
        {/* Never disabled: a disabled button cannot be focused or explain itself; pressing it says what is missing. */}
        <Button
          onClick={() => {
            if (saved) onDone();
            else setReminder(true);
          }}
        >
          {continueLabel}
        </Button>
      </div>
    </section>
  );
}
