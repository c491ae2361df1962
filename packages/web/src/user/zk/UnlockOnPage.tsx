import { Button } from '../../shared/Button';
import { useI18n } from '../../shared/i18n/I18n';
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
  passwordSubmitLabel,
  formLabel,
  cancelLabel,
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
  const { t, list } = useI18n();
  const ways = [
    password ? t('unlock.way.password') : null,
    passkey ? t('unlock.way.passkey') : null,
    recovery ? t('unlock.way.recoveryKey') : null,
  ].filter((way): way is string => way !== null);

  const passkeyUnlock = usePasskeyUnlock(keybag, onUnlocked, t('unlock.passkeyDidNotUnlock'));
  const recoveryUnlock = useRecoveryKeyUnlock(keybag, onUnlocked);

  return (
    <div className="unlock-on-page">
      {ways.length > 0 ? (
        <p>
          {purpose} {t('unlock.withWays', { ways: list(ways, 'disjunction') })}
        </p>
      ) : (
        <p>
          {purpose} {t('unlock.noWay')}
        </p>
      )}
      {password ? (
        <AskPassword
          email={email}
          label={formLabel}
          submitLabel={passwordSubmitLabel ?? t('unlock.unlock')}
          onSecret={async (secret) => {
            const unlocked = await tryUnlock(keybag, secret);
            if (!unlocked) return t('unlock.passwordWrong');
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
          label={t('unlock.recoveryKeyLabel')}
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
          {cancelLabel ?? t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
