import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { TextField } from '../../shared/TextField';
import { confirmsRecoveryKeyGroup } from '../../shared/zk';
import { describeError } from '../error-text';
import type { RecoveryKeyCeremony } from './custody';

/**
 * A recovery key shown once (docs/zk.md §3.3), with copy and download, confirmed by typing one of its groups back
 * before `onConfirmed` stores its envelope: a key the user did not save is worse than none.
 */
export function RecoveryKeyConfirm({
  ceremony,
  intro,
  failureTitle,
  onConfirmed,
}: {
  ceremony: RecoveryKeyCeremony;
  /** What this recovery key is for, above the key. */
  intro: ReactNode;
  failureTitle: string;
  onConfirmed: () => Promise<void>;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const { t } = useI18n();

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!confirmsRecoveryKeyGroup(ceremony.text, ceremony.group, typed)) {
      setError(t('recoveryKey.notGroup', { group: ceremony.group }));
      return;
    }
    setError(undefined);
    setBusy(true);
    setFailure(null);
    try {
      await onConfirmed();
    } catch (failed) {
      setFailure(failed);
    } finally {
      setBusy(false);
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([`${ceremony.text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-key.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <section className="section" aria-labelledby="recovery-key-heading">
      <h2 id="recovery-key-heading">{t('recoveryKey.saveTitle')}</h2>
      {intro}
      <p>{t('recoveryKey.saveText')}</p>
      <p className="recovery-key">
        <code data-testid="recovery-key">{ceremony.text}</code>
      </p>
      <div className="form-actions">
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard.writeText(ceremony.text).then(
              () => setCopied('copied'),
              () => setCopied('failed'),
            )
          }
        >
          {t('recoveryKey.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t('recoveryKey.download')}
        </Button>
      </div>
      {copied === 'copied' ? <p role="status">{t('recoveryKey.copied')}</p> : null}
      {copied === 'failed' ? <p role="status">{t('recoveryKey.copyFailed')}</p> : null}
      {failure ? (
        <ErrorPanel title={failureTitle}>
          <p>{describeError(failure)}</p>
        </ErrorPanel>
      ) : null}
      <form onSubmit={confirm} noValidate>
        <TextField
          label={t('recoveryKey.groupLabel', { group: ceremony.group })}
          hint={t('recoveryKey.groupHint', { group: ceremony.group, prefix: 'TSRK2-' })}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={error}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('common.saving') : t('recoveryKey.savedContinue')}
          </Button>
        </div>
      </form>
    </section>
  );
}
