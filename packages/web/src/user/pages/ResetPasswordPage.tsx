import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Loading } from '../../shared/Loading';
import { NewPasswordField } from '../../shared/NewPasswordField';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { TextField } from '../../shared/TextField';
import { useCheckedSubmit } from '../../shared/use-checked-submit';
import { describeError, errorCode } from '../error-text';
import { preloadOpaque, type ResetOutcome, resetPassword } from '../opaque-flows';
import { newPasswordError } from '../validation';

type LinkCheck =
  | { state: 'checking' }
  | { state: 'valid'; email: string }
  | { state: 'invalid'; error: unknown };

/** The page the reset email links to: checks the link, then registers a new password with OPAQUE. */
export function ResetPasswordPage() {
  const { searchParams } = useRouter();
  const token = searchParams.get('token');
  const [check, setCheck] = useState<LinkCheck>({ state: 'checking' });
  const [done, setDone] = useState<ResetOutcome | null>(null);
  const { t } = useI18n();

  useEffect(preloadOpaque, []);

  useEffect(() => {
    if (!token) return;
    let current = true;
    // Checking does not use the token up; only setting the password does.
    api
      .get<PublicApiResponse<'GET /api/user/password/reset/validate'>>(
        `/api/user/password/reset/validate?token=${encodeURIComponent(token)}`,
      )
      .then(
        (answer) => current && setCheck({ state: 'valid', email: answer.email }),
        (error: unknown) => current && setCheck({ state: 'invalid', error }),
      );
    return () => {
      current = false;
    };
  }, [token]);

  if (!token || check.state === 'invalid') {
    const expired = !token || errorCode(check.state === 'invalid' ? check.error : null) === 'invalid_token';
    return (
      <Page title={t('reset.title')}>
        <ErrorPanel title={t('reset.invalidTitle')}>
          <p>
            {expired ? t('reset.invalidText') : describeError(check.state === 'invalid' ? check.error : null)}
          </p>
        </ErrorPanel>
        <p>
          <Link to="/forgot-password" className="link-button">
            {t('reset.askAgain')}
          </Link>
        </p>
      </Page>
    );
  }
  if (done) {
    return (
      <Page title={t('reset.doneTitle')}>
        <Notice title={t('reset.doneNotice')}>
          <p>{t('reset.doneText')}</p>
        </Notice>
        <EncryptionKeyAfterReset outcome={done} />
        <p>
          <Link to="/sign-in" className="link-button">
            {t('common.signIn')}
          </Link>
        </p>
      </Page>
    );
  }
  if (check.state === 'checking') {
    return (
      <Page title={t('reset.title')}>
        <Loading>{t('reset.checking')}</Loading>
      </Page>
    );
  }
  return (
    <Page title={t('reset.chooseTitle')}>
      <NewPasswordForm token={token} email={check.email} onDone={setDone} />
    </Page>
  );
}

/**
 * What the reset did to the encryption key (docs/zk.md §3.1): a reset cannot re-wrap it for the new password (the
 * old one is not known), so the key is kept and opened once with the recovery key (or a passkey or trusted device
 * that holds it), after which the new password opens it again; an address never verified before lost it with
 * everything its registrant set up.
 */
function EncryptionKeyAfterReset({ outcome }: { outcome: ResetOutcome }) {
  const { t } = useI18n();
  if (outcome.encryption_key === 'none') return null;
  if (outcome.encryption_key === 'discarded') {
    return (
      <section className="section" aria-labelledby="reset-key-heading">
        <h2 id="reset-key-heading">{t('reset.key.discardedTitle')}</h2>
        <p>{t('reset.key.discardedText')}</p>
      </section>
    );
  }
  const opensWith = new Set(outcome.opens_with);
  return (
    <section className="section" aria-labelledby="reset-key-heading">
      <h2 id="reset-key-heading">{t('reset.key.keptTitle')}</h2>
      <p>{t('reset.key.keptText')}</p>
      {opensWith.size === 0 ? (
        <p>{t('reset.key.nothingOpens')}</p>
      ) : (
        <>
          <p>{t('reset.key.opensWithIntro')}</p>
          <ul>
            {opensWith.has('recovery_key') ? <li>{t('reset.key.recoveryKey')}</li> : null}
            {opensWith.has('passkey_prf') ? <li>{t('reset.key.passkey')}</li> : null}
            {opensWith.has('trusted_device') ? <li>{t('reset.key.trustedDevice')}</li> : null}
          </ul>
          <p>{t('reset.key.afterwards')}</p>
        </>
      )}
    </section>
  );
}

function NewPasswordForm({
  token,
  email,
  onDone,
}: {
  token: string;
  email: string;
  onDone: (outcome: ResetOutcome) => void;
}) {
  const [password, setPassword] = useState('');
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'password'>();
  const [failure, setFailure] = useState<unknown>(null);
  const { t } = useI18n();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ password: newPasswordError(password) }),
      async () => {
        setFailure(null);
        try {
          const outcome = await resetPassword(token, password);
          setPassword('');
          onDone(outcome);
        } catch (error) {
          setFailure(error);
        }
      },
    );
  }

  return (
    <>
      {failure ? (
        <ErrorPanel title={t('reset.failedTitle')}>
          <p>{describeError(failure)}</p>
          {errorCode(failure) === 'invalid_token' ? (
            <p>
              <Link to="/forgot-password">{t('reset.askAgain')}</Link>
            </p>
          ) : null}
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        {/* The account's address, for the reader and for password managers saving the new password. */}
        <TextField
          label={t('reset.account')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          readOnly
        />
        <NewPasswordField
          label={t('reset.newPassword')}
          name="new-password"
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('reset.saving') : t('reset.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}
