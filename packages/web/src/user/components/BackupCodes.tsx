import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { useI18n } from '../../shared/i18n/I18n';

/**
 * Backup codes, shown exactly once (the server keeps only one-way hashes): the page says so plainly, offers to copy
 * them, and moves on only after the person confirms they saved them.
 */
export function BackupCodes({
  codes,
  intro,
  continueLabel,
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
  const { t } = useI18n();

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
        {t('backupCodes.title')}
      </h2>
      <p>{intro}</p>
      <p>
        <strong>{t('backupCodes.onlyOnce')}</strong> {t('backupCodes.explanation')}
      </p>
      <ul className="backup-code-list" data-testid="backup-codes" aria-label={t('backupCodes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button variant="secondary" onClick={copy}>
          {t('backupCodes.copy')}
        </Button>
        <span role="status" className="muted">
          {copied === 'copied' ? t('backupCodes.copied') : null}
          {copied === 'failed' ? t('backupCodes.copyFailed') : null}
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
        <label htmlFor={`${id}-saved`}>{t('backupCodes.saved')}</label>
      </div>
      {reminder && !saved ? (
        <p id={`${id}-reminder`} className="field-error" role="alert">
          {t('backupCodes.reminder')}
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
          {continueLabel ?? t('common.continue')}
        </Button>
      </div>
    </section>
  );
}
