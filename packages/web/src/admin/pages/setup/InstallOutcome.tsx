import type { RefObject } from 'react';
import { Button } from '../../../shared/Button';
import { Page } from '../../../shared/Page';
import { navigate } from '../../../shared/router';
import { PORTAL_NAME } from '../../components/AdminLayout';
import { useSession } from '../../session';

/** Leaves the install page for sign-in, with the session asked again (the service is installed now). */
function SignInButton({ children }: { children: string }) {
  const { refresh } = useSession();
  return (
    <p>
      <Button
        onClick={() => {
          refresh();
          navigate('/');
        }}
      >
        {children}
      </Button>
    </p>
  );
}

/** The install page opened on an installed service (a spent or an old link). */
export function AlreadyInstalled() {
  return (
    <Page title="Tessera is installed" siteName={PORTAL_NAME}>
      <p>This service is already installed, so the install page is closed for good.</p>
      <SignInButton>Go to sign-in</SignInButton>
    </Page>
  );
}

/** The install just finished; the heading takes focus (the wizard moves it there). */
export function Installed({
  email,
  restart,
  headingRef,
}: {
  email: string;
  restart: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <Page title="Install Tessera" siteName={PORTAL_NAME}>
      <div className="notice" role="status">
        <h2 className="notice-title" ref={headingRef} tabIndex={-1}>
          Tessera is installed
        </h2>
        <p>
          The admin account <strong>{email}</strong> is ready and this install page is now closed.
        </p>
        {restart ? <p>The new public address takes effect when you restart the service.</p> : null}
      </div>
      <SignInButton>Continue to sign in</SignInButton>
    </Page>
  );
}
