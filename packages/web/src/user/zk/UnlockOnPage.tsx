import { Button } from '../../shared/Button';
import { AskPassword } from './AskPassword';
import { tryUnlock, type Unlocked } from './custody';
import type { Keybag, UnlockPolicy } from './keybag-api';
import {
  PasskeyUnlockChoice,
  RecoveryKeyUnlockChoice,
  usePasskeyUnlock,
  useRecoveryKeyUnlock,
} from './UnlockChoices';

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

  const passkeyUnlock = usePasskeyUnlock(
    keybag,
    onUnlocked,
    'That passkey did not unlock your key. Use a passkey that unlocks your key, or another way here.',
  );
  const recoveryUnlock = useRecoveryKeyUnlock(keybag, onUnlocked);

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
        <PasskeyUnlockChoice
          problem={passkeyUnlock.problem}
          busy={passkeyUnlock.busy}
          primary={!password}
          onUnlock={() => void passkeyUnlock.unlock()}
        />
      ) : null}
      {recovery ? (
        <RecoveryKeyUnlockChoice
          label="Your recovery key"
          typed={recoveryUnlock.typed}
          onTyped={recoveryUnlock.setTyped}
          error={recoveryUnlock.error}
          busy={recoveryUnlock.busy}
          primary={false}
          onSubmit={(event) => void recoveryUnlock.submit(event)}
        />
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
