import { useEffect, useRef, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { ErrorPanel } from '../../shared/ErrorPanel';
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

  if (session.state === 'loading') {
    return (
      <Page title="Your account">
        <Loading />
      </Page>
    );
  }
  if (session.state === 'failed') {
    return (
      <Page title="Your account">
        <ErrorPanel title="We could not load your account">
          <p>{describeError(session.error)}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (session.session.authenticated && session.session.second_factor_pending) {
    return (
      <Page title="Your account">
        <p>Finish signing in first: your account needs a second step after the password.</p>
        <p>
          <Link
            to={withQuery('/sign-in/code', {
              request_id: requestId,
              must_change_password: mustChangePassword ? '1' : null,
            })}
            className="link-button"
          >
            Finish signing in
          </Link>
        </p>
      </Page>
    );
  }
  if (!session.session.authenticated) {
    return (
      <Page title="Your account">
        <p>Sign in to see your apps and manage your account.</p>
        <p>
          <Link to="/sign-in" className="link-button">
            Sign in
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
    <Page title="Your account">
      <p className="lead">
        Signed in as <strong data-testid="signed-in-as">{profile.name || profile.email}</strong>
        {profile.name ? <span className="muted"> ({profile.email})</span> : null}
      </p>
      {mustChangePassword ? (
        <>
          <ErrorPanel title="Choose a new password">
            <p>Your administrator asks you to choose a new password before you continue.</p>
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
        <h2 id="sign-out-heading">Sign out</h2>
        <p>Sign out of your account on this device.</p>
        <SignOutButton csrfToken={csrfToken} />
      </section>
    </Page>
  );
}
