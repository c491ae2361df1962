import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/Button';
import { TextField } from '../../shared/TextField';
import { parseRecoveryKey, RecoveryKeyError, recoveryKeySecret } from '../../shared/zk';
import { describeError } from '../error-text';
import { AskPassword } from './AskPassword';
import { tryUnlock, type Unlocked } from './custody';
import type { Keybag, UnlockPolicy } from './keybag-api';
import { unlockWithPasskeyPrompt } from './passkey-unlock';

/**
 * Unlocks the keybag on a page that holds nothing that opens it (the account page's key actions: trusting this
 * browser, approving a device, a new recovery key, letting a new passkey unlock), in this page's memory only.
 * It offers what the account has and its unlock policy lets unlock (`methods` of `GET /crypto/unlock-policy`,
 * docs/zk.md §8.1): the password only when the account has one (§3.7), a passkey (its PRF, §3.4), the recovery
 * key (§3.3). An account without a password is never asked for one.
 */
export function UnlockOnPage({
  email,
  keybag,
  policy,
  purpose,
  passwordSubmitLabel = 'Unlock',
  formLabel,
  cancelLabel = 'Cancel',
  onUnlocked,
  onCancel,
}: {
  email: string;
  keybag: Keybag;
  policy: UnlockPolicy;
  /** What the key is unlocked for, said before the ways to unlock it. */
  purpose: string;
  passwordSubmitLabel?: string;
  /** The password form's accessible name, when the page has more than one form. */
  formLabel?: string;
  cancelLabel?: string;
  onUnlocked: (unlocked: Unlocked) => Promise<void> | void;
  onCancel: () => void;
}) {
  const password = policy.has_password && policy.methods.includes('password');
  const passkey =
    policy.methods.includes('passkey_prf') && typeof globalThis.PublicKeyCredential === 'function';
  const recovery = policy.methods.includes('recovery_key');
  const ways = [
    password ? 'your password' : null,
    passkey ? 'your passkey' : null,
    recovery ? 'your recovery key' : null,
  ].filter((way): way is string => way !== null);

  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [recoveryError, setRecoveryError] = useState<string | undefined>();
  const [recovering, setRecovering] = useState(false);

  async function withPasskey() {
    if (passkeyBusy) return;
    setPasskeyBusy(true);
    setPasskeyProblem(null);
    try {
      const unlocked = await unlockWithPasskeyPrompt(keybag);
      if (unlocked) await onUnlocked(unlocked);
      else
        setPasskeyProblem(
          'That passkey did not unlock your key. Use a passkey that unlocks your key, or another way here.',
        );
    } catch (failed) {
      setPasskeyProblem(describeError(failed));
    } finally {
      setPasskeyBusy(false);
    }
  }

  async function withRecoveryKey(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (recovering) return;
    setRecovering(true);
    setRecoveryError(undefined);
    try {
      const secret = await parseRecoveryKey(typed);
      const unlocked = await tryUnlock(keybag, recoveryKeySecret(secret));
      if (!unlocked) {
        setRecoveryError('This recovery key does not open your key. Check that it is your latest one.');
        return;
      }
      setTyped('');
      await onUnlocked(unlocked);
    } catch (failed) {
      setRecoveryError(failed instanceof RecoveryKeyError ? failed.message : describeError(failed));
    } finally {
      setRecovering(false);
    }
  }

  return (
    <div className="unlock-on-page">
      {ways.length > 0 ? (
        <p>
          {purpose} Unlock it on this page with {listed(ways)}.
        </p>
      ) : (
        <p>
          {purpose} Nothing you can use on this page opens your key: unlock it at your next app sign-in, or
          approve this browser from one of your trusted devices.
        </p>
      )}
      {password ? (
        <AskPassword
          email={email}
          label={formLabel}
          submitLabel={passwordSubmitLabel}
          onSecret={async (secret) => {
            const unlocked = await tryUnlock(keybag, secret);
            if (!unlocked) return 'This password does not open your key.';
            await onUnlocked(unlocked);
          }}
        />
      ) : null}
      {passkey ? (
        <div className="form-actions">
          {passkeyProblem ? (
            <p className="field-error" role="alert">
              {passkeyProblem}
            </p>
          ) : null}
          <Button
            variant={password ? 'secondary' : 'primary'}
            disabled={passkeyBusy}
            onClick={() => void withPasskey()}
          >
            {passkeyBusy ? 'Unlocking…' : 'Unlock with passkey'}
          </Button>
        </div>
      ) : null}
      {recovery ? (
        <form onSubmit={withRecoveryKey} noValidate>
          <TextField
            label="Your recovery key"
            hint="It starts with TSRK2- and has 11 groups of five characters."
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={recoveryError}
          />
          <div className="form-actions">
            <Button type="submit" variant="secondary" disabled={recovering}>
              {recovering ? 'Unlocking…' : 'Unlock with recovery key'}
            </Button>
          </div>
        </form>
      ) : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}

/** "a", "a or b", "a, b or c". */
function listed(ways: string[]): string {
  return ways.length < 2 ? (ways[0] ?? '') : `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}`;
}
