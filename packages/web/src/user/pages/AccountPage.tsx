import { useEffect, useRef, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Loading } from '../../shared/Loading';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { AppsSection } from '../account/AppsSection';
import { EmailSection } from '../account/EmailSection';
import { KeybagSection } from '../account/KeybagSection';
import { LinkedIdentitiesSection } from '../account/LinkedIdentitiesSection';
import { PasskeysSection } from '../account/PasskeysSection';
import { PasswordSection } from '../account/PasswordSection';
import { ProfileSection } from '../account/ProfileSection';
import type { Profile } from '../account/profile';
import { SecuritySection } from '../account/SecuritySection';
import { SignOutButton } from '../account/SignOutSection';
import { TrustedDevicesSection } from '../account/TrustedDevicesSection';
import { describeError } from '../error-text';
import { goTo, withQuery } from '../navigation';
import { type SessionUser, useSession } from '../session';

/**
 * The signed-in user's account: apps, name, email, password, two-step verification, sign-out. Signed out, it
 * offers sign-in instead; signed in with the password but still owing a code, the way to finish signing in.
 * `?must_change_password=1` (after a sign-in that requires it) puts the password change first, and with
 * `&request_id=` continues the app's sign-in once the password is changed.
 */
export function AccountPage() {
  const session = useSession();
  const { searchParams } = useRouter();
  const mustChangePassword = searchParams.get('must_change_password') === '1';
  const requestId = searchParams.get('request_id');
  const { t } = useI18n();

  if (session.state === 'loading') {
    return (
      <Page title={t('account.title')}>
        <Loading />
      </Page>
    );
  }
  if (session.state === 'failed') {
    return (
      <Page title={t('account.title')}>
        <ErrorPanel title={t('account.loadFailed')}>
          <p>{describeError(session.error)}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (session.session.authenticated && session.session.second_factor_pending) {
    return (
      <Page title={t('account.title')}>
        <p>{t('account.finishFirst')}</p>
        <p>
          <Link
            to={withQuery('/sign-in/code', {
              request_id: requestId,
              must_change_password: mustChangePassword ? '1' : null,
            })}
            className="link-button"
          >
            {t('account.finishSignIn')}
          </Link>
        </p>
      </Page>
    );
  }
  if (!session.session.authenticated) {
    return (
      <Page title={t('account.title')}>
        <p>{t('account.signInToSee')}</p>
        <p>
          <Link to="/sign-in" className="link-button">
            {t('common.signIn')}
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <SignedInAccount
      user={session.session.user}
      csrfToken={session.session.csrf_token}
      mustChangePassword={mustChangePassword}
      requestId={requestId}
    />
  );
}

function SignedInAccount({
  user,
  csrfToken: initialCsrfToken,
  mustChangePassword,
  requestId,
}: {
  user: SessionUser;
  csrfToken: string;
  mustChangePassword: boolean;
  requestId: string | null;
}) {
  // A password change rotates the session, and with it the CSRF token.
  const [csrfToken, setCsrfToken] = useState(initialCsrfToken);
  // What the session knows until GET /api/user/profile answers (the saved language, null here, comes with it).
  const [profile, setProfile] = useState<Profile>(() =>
    Object.assign({ locale: null }, user, { email_verified: true }),
  );
  const passwordHeading = useRef<HTMLHeadingElement>(null);
  const { t, rich } = useI18n();

  useEffect(() => {
    let current = true;
    api.get<PublicApiResponse<'GET /api/user/profile'>>('/api/user/profile').then(
      (loaded) => current && setProfile(loaded),
      // The session's copy of the name and address is good enough to show.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (mustChangePassword) passwordHeading.current?.focus();
  }, [mustChangePassword]);

  const password = (
    <PasswordSection
      email={profile.email}
      csrfToken={csrfToken}
      onCsrfToken={setCsrfToken}
      headingRef={passwordHeading}
      onChanged={(token) => {
        setCsrfToken(token);
        if (mustChangePassword)
          goTo(requestId ? withQuery('/authorize', { request_id: requestId }) : '/account');
      }}
    />
  );

  return (
    <Page title={t('account.title')}>
      <p className="lead">
        {rich('account.signedInAs', {
          name: <strong data-testid="signed-in-as">{profile.name || profile.email}</strong>,
        })}
        {profile.name ? <span className="muted"> ({profile.email})</span> : null}
      </p>
      {mustChangePassword ? (
        <>
          <ErrorPanel title={t('account.mustChangeTitle')}>
            <p>{t('account.mustChangeText')}</p>
          </ErrorPanel>
          {password}
        </>
      ) : null}
      <AppsSection />
      <ProfileSection profile={profile} csrfToken={csrfToken} onSaved={setProfile} />
      <EmailSection profile={profile} csrfToken={csrfToken} onCsrfToken={setCsrfToken} />
      {mustChangePassword ? null : password}
      <SecuritySection csrfToken={csrfToken} onCsrfToken={setCsrfToken} />
      <PasskeysSection email={profile.email} csrfToken={csrfToken} onCsrfToken={setCsrfToken} />
      <LinkedIdentitiesSection csrfToken={csrfToken} onCsrfToken={setCsrfToken} />
      <KeybagSection email={profile.email} csrfToken={csrfToken} onCsrfToken={setCsrfToken} />
      <TrustedDevicesSection
        email={profile.email}
        userId={user.id}
        csrfToken={csrfToken}
        onCsrfToken={setCsrfToken}
      />
      <section className="section" aria-labelledby="sign-out-heading">
        <h2 id="sign-out-heading">{t('account.signOutTitle')}</h2>
        <p>{t('account.signOutText')}</p>
        <SignOutButton csrfToken={csrfToken} />
      </section>
    </Page>
  );
}
