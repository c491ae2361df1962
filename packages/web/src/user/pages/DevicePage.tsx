import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { TextField } from '../../shared/TextField';
import { describeError } from '../error-text';
import { goTo, returningTo, withQuery } from '../navigation';
import { csrfHeaders, useSession } from '../session';

/**
 * The device page (RFC 8628 §3.3, docs/device-flow.md): the verification URI a TV, console or command-line tool
 * shows. The user signs in (the sign-in returns here, `?user_code=` kept, from verification_uri_complete), types
 * or checks the code, and continues to the consent page, which shows the device's client and scopes with Approve and
 * Deny as for any app. The consent page sends the browser back here with `?result=approved` or `denied`.
 */
export function DevicePage() {
  const { searchParams } = useRouter();
  const result = searchParams.get('result');
  const session = useSession();
  const { t } = useI18n();
  const [code, setCode] = useState(searchParams.get('user_code') ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const signedOut = session.state === 'ready' && !session.session.authenticated;
  useEffect(() => {
    // Sign in first (with a second factor when owed); the sign-in comes back here with the code.
    if (signedOut && result === null) {
      goTo(returningTo('/sign-in', withQuery('/device', { user_code: searchParams.get('user_code') })), {
        replace: true,
      });
    }
  }, [signedOut, result, searchParams]);

  if (result === 'approved' || result === 'denied') {
    const approved = result === 'approved';
    return (
      <Page title={t('device.title')}>
        {approved ? (
          <Notice title={t('device.approvedTitle')}>
            <p>{t('device.approvedText')}</p>
          </Notice>
        ) : (
          <ErrorPanel title={t('device.deniedTitle')}>
            <p>{t('device.deniedText')}</p>
          </ErrorPanel>
        )}
        <p>
          <Link to="/device">{t('device.anotherCode')}</Link>
        </p>
      </Page>
    );
  }
  if (session.state === 'failed') {
    return (
      <Page title={t('device.title')}>
        <ErrorPanel title={t('device.failedTitle')}>
          <p>{describeError(session.error)}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (session.state === 'loading' || !session.session.authenticated) {
    return (
      <Page title={t('device.title')}>
        <Loading />
      </Page>
    );
  }
  const csrfToken = session.session.csrf_token;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (code.trim() === '') {
      setFieldError(t('device.codeEmpty'));
      return;
    }
    setFieldError(undefined);
    setFailure(null);
    setSubmitting(true);
    try {
      const { request_id: requestId } = await api.post<
        PublicApiResponse<'POST /api/user/device-authorizations'>
      >(
        '/api/user/device-authorizations',
        { user_code: code } satisfies PublicApiBody<'POST /api/user/device-authorizations'>,
        { headers: csrfHeaders(csrfToken) },
      );
      // The consent page: the device's client, its scopes, Approve or Deny.
      goTo(withQuery('/authorize', { request_id: requestId }));
    } catch (error) {
      setSubmitting(false);
      setFailure(error);
    }
  }

  return (
    <Page title={t('device.title')}>
      <p className="lead">{t('device.intro')}</p>
      {failure ? (
        <ErrorPanel title={t('device.failedTitle')}>
          <p>{describeError(failure)}</p>
        </ErrorPanel>
      ) : null}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('device.codeLabel')}
          hint={t('device.codeHint')}
          error={fieldError}
          name="user_code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          className="device-code"
        />
        <div className="form-actions">
          <Button type="submit" disabled={submitting}>
            {submitting ? t('common.checking') : t('device.submit')}
          </Button>
        </div>
      </form>
    </Page>
  );
}
