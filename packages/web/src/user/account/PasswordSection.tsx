import { type Ref, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Notice } from '../../shared/Notice';
import { PasswordChangeForm } from '../../shared/PasswordChangeForm';
import { usePasswordChange } from '../../shared/use-password-change';
import { isStepUpCancelled, useStepUp } from '../components/StepUp';
import { describeError } from '../error-text';
import { changePassword } from '../opaque-flows';
import { currentPasswordError } from '../validation';
import { carryKeyOver } from '../zk/password-change';
import { holdSignInSecret } from '../zk/sign-in-secret';

/**
 * Password change: the current password is proven and the new one registered with OPAQUE, in the browser. With
 * two-step verification on, the server first wants a current code: the change waits for it, then goes on.
 */
export function PasswordSection({
  email,
  csrfToken,
  onCsrfToken,
  onChanged,
  headingRef,
}: {
  email: string;
  csrfToken: string;
  /** Called with a rotated session's CSRF token (after a code confirmed the change). */
  onCsrfToken: (csrfToken: string) => void;
  /** Called with the rotated session's CSRF token once the password is changed. */
  onChanged: (csrfToken: string) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const stepUp = useStepUp(csrfToken, onCsrfToken);
  const [keyCarried, setKeyCarried] = useState<boolean | null>(null);
  const { t } = useI18n();
  const passwordChange = usePasswordChange({
    currentPasswordError,
    change: async (current, next) => {
      setKeyCarried(null);
      const result = await stepUp.run((token) => changePassword(current, next, token));
      // The same sequence re-wraps the encryption key for the new password, now that its record is stored
      // (docs/zk.md §3.1); null when the account has no key.
      if (result.kind === 'changed') {
        setKeyCarried(await carryKeyOver(result.exportKeys, result.csrfToken));
        // A ZK app's consent page later in this page opens the key with the new password without asking.
        await holdSignInSecret(email, result.exportKeys.current);
      }
      return result;
    },
    onChanged,
    isCancelled: isStepUpCancelled,
  });
  const { outcome } = passwordChange;

  return (
    <section className="section" aria-labelledby="password-heading">
      <h2 id="password-heading" ref={headingRef} tabIndex={-1}>
        {t('password.title')}
      </h2>
      {outcome === 'changed' ? (
        <Notice title={t('password.changed')}>
          <p>{t('password.othersSignedOut')}</p>
          {keyCarried === true ? <p>{t('password.keyCarried')}</p> : null}
          {keyCarried === false ? <p>{t('password.keyNotCarried')}</p> : null}
        </Notice>
      ) : null}
      {outcome === 'wrong' ? (
        <ErrorPanel title={t('password.wrongTitle')}>
          <p>{t('password.wrongText')}</p>
        </ErrorPanel>
      ) : null}
      {typeof outcome === 'object' ? (
        <ErrorPanel title={t('password.failed')}>
          <p>{describeError(outcome.failed)}</p>
        </ErrorPanel>
      ) : null}
      <PasswordChangeForm
        change={passwordChange}
        accountEmail={email}
        fieldNames={{ current: 'current-password', next: 'new-password' }}
      >
        <Button type="submit" variant="secondary" disabled={passwordChange.busy}>
          {passwordChange.busy && !stepUp.prompting ? t('password.changing') : t('password.change')}
        </Button>
      </PasswordChangeForm>
      {stepUp.prompt}
    </section>
  );
}
