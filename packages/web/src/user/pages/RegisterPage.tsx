import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../shared/Button';
import { EmailField } from '../../shared/EmailField';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { NewPasswordField } from '../../shared/NewPasswordField';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { TextField } from '../../shared/TextField';
import { useCheckedSubmit } from '../../shared/use-checked-submit';
import { ResendVerification } from '../components/ResendVerification';
import { describeError, errorCode } from '../error-text';
import { afterSignIn, goTo, RETURN_TO, safeReturnTo, secondStepPath, withQuery } from '../navigation';
import { preloadOpaque, register } from '../opaque-flows';
import { fetchOtpStatus } from '../otp';
import { emailError, nameError, newPasswordError } from '../validation';

type Outcome =
  | { kind: 'form' }
  | { kind: 'closed' }
  | { kind: 'verification_sent'; email: string }
  | { kind: 'email_taken' }
  | { kind: 'error'; error: unknown };

function setupOwed(): Promise<boolean> {
  return fetchOtpStatus().then(
    (status) => status.required && !status.enrolled,
    () => false,
  );
}

/**
 * Self-registration: name, email and a password (registered with OPAQUE), then email confirmation. Like sign-in,
 * it continues an app's request (`?request_id=`) or returns to a page of this UI (`?return_to=/ui/…`) afterwards.
 */
export function RegisterPage() {
  const { searchParams } = useRouter();
  const requestId = searchParams.get('request_id');
  const returnTo = safeReturnTo(searchParams.get(RETURN_TO));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'name' | 'email' | 'password'>();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });
  const signInPath = withQuery('/sign-in', { request_id: requestId, [RETURN_TO]: returnTo });
  const { t, rich } = useI18n();

  useEffect(preloadOpaque, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ name: nameError(name), email: emailError(email), password: newPasswordError(password) }),
      async () => {
        const address = email.trim();
        try {
          const result = await register(address, password, name.trim());
          setPassword('');
          if (result.status === 'signed_in') {
            // An account that must use two-step verification sets it up straight away.
            goTo((await setupOwed()) ? secondStepPath('enroll', requestId, false) : afterSignIn(requestId));
            return;
          }
          setOutcome({ kind: 'verification_sent', email: address });
        } catch (error) {
          const code = errorCode(error);
          if (code === 'registration_closed') setOutcome({ kind: 'closed' });
          else if (code === 'email_taken') setOutcome({ kind: 'email_taken' });
          else setOutcome({ kind: 'error', error });
        }
      },
    );
  }

  if (outcome.kind === 'closed') {
    return (
      <Page title={t('register.title')}>
        <ErrorPanel title={t('register.closedTitle')}>
          <p>{t('register.closedText')}</p>
        </ErrorPanel>
        <p>
          <Link to={signInPath} className="link-button">
            {t('common.signIn')}
          </Link>
        </p>
      </Page>
    );
  }

  if (outcome.kind === 'verification_sent') {
    return (
      <Page title={t('common.checkYourEmail')}>
        <Notice title={t('register.oneMoreStep')}>
          <p>{rich('register.sentText', { email: <strong>{outcome.email}</strong> })}</p>
        </Notice>
        <p>{t('register.noEmail')}</p>
        <ResendVerification email={outcome.email} />
        <p>
          <Link to={signInPath}>{t('common.goToSignIn')}</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title={t('register.title')}>
      {outcome.kind === 'email_taken' ? (
        <ErrorPanel title={t('register.takenTitle')}>
          <p>
            {rich('register.takenText', {
              signIn: <Link to={signInPath}>{t('register.takenSignIn')}</Link>,
              reset: <Link to="/forgot-password">{t('register.resetLink')}</Link>,
            })}
          </p>
        </ErrorPanel>
      ) : null}
      {outcome.kind === 'error' ? (
        <ErrorPanel title={t('register.failedTitle')}>
          <p>{describeError(outcome.error)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          label={t('register.name')}
          name="name"
          autoComplete="name"
          hint={t('register.nameHint')}
          value={name}
          error={fieldErrors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <EmailField
          label={t('common.emailAddress')}
          name="email"
          autoComplete="username"
          value={email}
          error={fieldErrors.email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <NewPasswordField
          label={t('common.password')}
          name="new-password"
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('register.creating') : t('register.submit')}
          </Button>
        </div>
      </form>
      <p>
        {t('register.haveAccount')} <Link to={signInPath}>{t('common.signIn')}</Link>
      </p>
    </Page>
  );
}
