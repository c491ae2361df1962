import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/Button';
import { EmailField } from '../../shared/EmailField';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Notice } from '../../shared/Notice';
import { useCheckedSubmit } from '../../shared/use-checked-submit';
import { describeError } from '../error-text';
import { emailError } from '../validation';
import { federatedStartUrl } from './route';

/**
 * Single sign-on: the work email first; a domain routed to an identity provider goes there (and comes back to the
 * app's request or the page that asked), any other address continues with the password form below.
 */
export function OrganizationSignIn({
  requestId,
  returnTo,
}: {
  requestId: string | null;
  returnTo: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<'local' | { error: unknown } | null>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'email'>();
  const { t } = useI18n();

  if (!open) {
    return (
      <div className="form-actions">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('organizationSignIn.open')}
        </Button>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ email: emailError(email) }),
      async () => {
        setOutcome(null);
        try {
          const start = await federatedStartUrl(email.trim(), { requestId, returnTo });
          if (start) window.location.assign(start);
          else setOutcome('local');
        } catch (error) {
          setOutcome({ error });
        }
      },
    );
  }

  return (
    <section aria-labelledby="organization-sign-in">
      <h2 id="organization-sign-in">{t('organizationSignIn.open')}</h2>
      {outcome === 'local' ? (
        <Notice title={t('organizationSignIn.noSsoTitle')}>
          <p>{t('organizationSignIn.noSsoText')}</p>
        </Notice>
      ) : outcome ? (
        <ErrorPanel title={t('organizationSignIn.failedTitle')}>
          <p>{describeError(outcome.error)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField
          label={t('organizationSignIn.workEmail')}
          name="work-email"
          autoComplete="username"
          value={email}
          error={fieldErrors.email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('common.checking') : t('common.continue')}
          </Button>
        </div>
      </form>
    </section>
  );
}
