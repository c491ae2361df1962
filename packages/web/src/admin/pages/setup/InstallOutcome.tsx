import type { RefObject } from 'react';
import { Button } from '../../../shared/Button';
import { Page } from '../../../shared/Page';
import { navigate } from '../../../shared/router';
import { PORTAL_NAME } from '../../components/AdminLayout';
import { rich, t } from '../../i18n/text';
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
    <Page title={t('setup.alreadyInstalled.title')} siteName={PORTAL_NAME}>
      <p>{t('setup.alreadyInstalled.body')}</p>
      <SignInButton>{t('setup.alreadyInstalled.signIn')}</SignInButton>
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
    <Page title={t('setup.title')} siteName={PORTAL_NAME}>
      <div className="notice" role="status">
        <h2 className="notice-title" ref={headingRef} tabIndex={-1}>
          {t('setup.installed.heading')}
        </h2>
        <p>{rich('setup.installed.body', { email: <strong>{email}</strong> })}</p>
        {restart ? <p>{t('setup.installed.restart')}</p> : null}
      </div>
      <SignInButton>{t('setup.installed.signIn')}</SignInButton>
    </Page>
  );
}
