import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/Button';
import { useI18n } from '../../shared/i18n/I18n';
import { t } from '../../shared/i18n/translator';
import { TextField } from '../../shared/TextField';
import { parseRecoveryKey, RecoveryKeyError, recoveryKeySecret } from '../../shared/zk';
import { describeError, recoveryKeyErrorText } from '../error-text';
import { tryUnlock, type Unlocked } from './custody';
import type { Keybag } from './keybag-api';
import { unlockWithPasskeyPrompt } from './passkey-unlock';

/**
 * Unlocking with a passkey's PRF: `unlock` asks for a passkey; `problem` says why the last try failed (`refused`
 * when the passkey chosen does not open the key).
 */
export function usePasskeyUnlock(
  keybag: Keybag,
  onUnlocked: (unlocked: Unlocked) => Promise<void> | void,
  refused: string,
) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function unlock() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const unlocked = await unlockWithPasskeyPrompt(keybag);
      if (unlocked) await onUnlocked(unlocked);
      else setProblem(refused);
    } catch (failed) {
      setProblem(describeError(failed));
    } finally {
      setBusy(false);
    }
  }
  return { busy, problem, unlock };
}

/** Unlocking with the recovery key typed in: the field's state and the form's submit. */
export function useRecoveryKeyUnlock(
  keybag: Keybag,
  onUnlocked: (unlocked: Unlocked) => Promise<void> | void,
) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const secret = await parseRecoveryKey(typed);
      const unlocked = await tryUnlock(keybag, recoveryKeySecret(secret));
      if (!unlocked) {
        setError(t('unlock.recoveryKeyWrong'));
        return;
      }
      setTyped('');
      await onUnlocked(unlocked);
    } catch (failed) {
      setError(failed instanceof RecoveryKeyError ? recoveryKeyErrorText(failed) : describeError(failed));
    } finally {
      setBusy(false);
    }
  }
  return { typed, setTyped, error, busy, submit };
}

/** The passkey way to unlock the keybag (its PRF, docs/zk.md §3.4): the button, and why the last try failed. */
export function PasskeyUnlockChoice({
  problem,
  busy,
  primary,
  onUnlock,
}: {
  problem: string | null;
  busy: boolean;
  /** The first way offered (no password form above it). */
  primary: boolean;
  onUnlock: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className="form-actions">
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <Button variant={primary ? 'primary' : 'secondary'} disabled={busy} onClick={onUnlock}>
        {busy ? t('unlock.unlocking') : t('unlock.withPasskey')}
      </Button>
    </div>
  );
}

/** The recovery-key way to unlock the keybag (docs/zk.md §3.3): the key typed in, and its submit button. */
export function RecoveryKeyUnlockChoice({
  label,
  typed,
  onTyped,
  error,
  busy,
  primary,
  onSubmit,
}: {
  label: string;
  typed: string;
  onTyped: (typed: string) => void;
  error: string | undefined;
  busy: boolean;
  primary: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useI18n();
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField
        label={label}
        hint={t('unlock.recoveryKeyHint', { prefix: 'TSRK2-' })}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        value={typed}
        onChange={(event) => onTyped(event.target.value)}
        error={error}
      />
      <div className="form-actions">
        <Button type="submit" variant={primary ? 'primary' : 'secondary'} disabled={busy}>
          {busy ? t('unlock.unlocking') : t('unlock.withRecoveryKey')}
        </Button>
      </div>
    </form>
  );
}
