import { useEffect, useState } from 'react';
import { ApiError, api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { activeTranslator, type MessageKey, t as translate } from '../../shared/i18n/translator';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { describeError, errorCode } from '../error-text';
import { returningTo, withQuery } from '../navigation';
import { csrfHeaders, fetchSession, type Session } from '../session';

/** POST /organizations/invites/preview */
type InvitePreview = PublicApiResponse<'POST /organizations/invites/preview'>;

type SignedInSession = Extract<Session, { authenticated: true }>;

type Load =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; preview: InvitePreview; session: SignedInSession | null };

type Outcome = { kind: 'accepted' } | { kind: 'declined' };

/** The server's shortest valid token (see InviteToken on the server); anything shorter is a broken link. */
const MIN_TOKEN_LENGTH = 20;

const INVITE_TEXT: Record<string, MessageKey> = {
  invite_not_found: 'invite.invite_not_found',
  invite_expired: 'invite.invite_expired',
  invite_wrong_account: 'invite.invite_wrong_account',
  email_not_verified: 'invite.email_not_verified',
  already_member: 'invite.already_member',
};

/** Plain-language text for the invitation errors, falling back to the general texts. */
function describeInviteError(error: unknown): string {
  const code = errorCode(error);
  if (code && Object.hasOwn(INVITE_TEXT, code)) return translate(INVITE_TEXT[code]!);
  // A malformed token is refused by the request schema.
  if (error instanceof ApiError && error.status === 400) return translate('invite.invite_not_found');
  return describeError(error);
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A date and time in the language on screen. */
function formatDate(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? iso : activeTranslator().date(iso);
}

/**
 * An invitation to join an organization, opened from the emailed link (`/ui/invite?token=…`): what it is about,
 * and Accept / Decline for the invited account. The token is the credential; it is only sent in request bodies.
 */
export function InvitePage() {
  const { searchParams } = useRouter();
  const token = searchParams.get('token');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const { t } = useI18n();

  useEffect(() => {
    if (!token || token.length < MIN_TOKEN_LENGTH) return;
    let current = true;
    Promise.all([
      api.post<InvitePreview>('/organizations/invites/preview', {
        token,
      } satisfies PublicApiBody<'POST /organizations/invites/preview'>),
      fetchSession(),
    ]).then(
      ([preview, session]) => {
        if (current) setLoad({ state: 'ready', preview, session: session.authenticated ? session : null });
      },
      (error: unknown) => current && setLoad({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (!token || token.length < MIN_TOKEN_LENGTH) {
    return (
      <Page title={t('invite.notFoundTitle')}>
        <ErrorPanel title={t('authorize.incompleteTitle')}>
          <p>{t('invite.incompleteText')}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (load.state === 'loading') {
    return (
      <Page title={t('invite.title')}>
        <Loading />
      </Page>
    );
  }
  if (load.state === 'failed') {
    return (
      <Page title={t('invite.notFoundTitle')}>
        <ErrorPanel title={t('invite.cannotOpen')}>
          <p>{describeInviteError(load.error)}</p>
        </ErrorPanel>
        <p>{t('invite.askAgain')}</p>
      </Page>
    );
  }
  return (
    <Page title={t('invite.title')}>
      <Invitation token={token} preview={load.preview} session={load.session} />
    </Page>
  );
}

function Invitation({
  token,
  preview,
  session,
}: {
  token: string;
  preview: InvitePreview;
  session: SignedInSession | null;
}) {
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { organization } = preview;
  const { t, rich } = useI18n();

  async function respond(action: 'accept' | 'decline') {
    if (!session || busy) return;
    setBusy(action);
    setActionError(null);
    try {
      await api.post<unknown>(
        `/organizations/invites/${action}`,
        { token },
        { headers: csrfHeaders(session.csrf_token) },
      );
      setOutcome({ kind: action === 'accept' ? 'accepted' : 'declined' });
    } catch (error) {
      setActionError(error);
    } finally {
      setBusy(null);
    }
  }

  if (outcome?.kind === 'accepted') {
    return (
      <Notice title={t('invite.acceptedTitle')}>
        <p>{rich('invite.acceptedText', { organization: <strong>{organization.name}</strong> })}</p>
        <p>
          <Link to="/account">{t('home.goToAccount')}</Link>
        </p>
      </Notice>
    );
  }
  if (outcome?.kind === 'declined') {
    return (
      <Notice title={t('invite.declinedTitle')}>
        <p>{rich('invite.declinedText', { organization: <strong>{organization.name}</strong> })}</p>
      </Notice>
    );
  }

  const wrongAccount = session !== null && !sameAddress(session.user.email, preview.email);
  // Signing in (or registering) from here comes back to this invitation.
  const invitePath = withQuery('/invite', { token });
  return (
    <>
      <section className="section" aria-labelledby="invite-summary-heading">
        <h2 id="invite-summary-heading">
          {rich('invite.join', {
            organization: <span data-testid="invite-organization">{organization.name}</span>,
          })}
        </h2>
        <p className="lead">
          {rich('invite.invites', {
            organization: <strong>{organization.name}</strong>,
            email: <strong data-testid="invite-email">{preview.email}</strong>,
          })}
        </p>
        <dl>
          <dt>{t('invite.roles')}</dt>
          <dd data-testid="invite-roles">{preview.roles.join(', ')}</dd>
          <dt>{preview.expired ? t('invite.expired') : t('invite.validUntil')}</dt>
          <dd>{formatDate(preview.expires_at)}</dd>
        </dl>
      </section>

      {preview.expired ? (
        <ErrorPanel title={t('invite.expiredTitle')}>
          <p>{t('invite.invite_expired')}</p>
        </ErrorPanel>
      ) : session === null ? (
        <section className="section" aria-labelledby="invite-sign-in-heading">
          <h2 id="invite-sign-in-heading">{t('invite.signInHeading')}</h2>
          <p>{rich('invite.signInText', { email: <strong>{preview.email}</strong> })}</p>
          <div className="form-actions">
            <Link to={returningTo('/sign-in', invitePath)} className="link-button">
              {t('common.signIn')}
            </Link>
            <Link to={returningTo('/register', invitePath)}>{t('signIn.createAccount')}</Link>
          </div>
        </section>
      ) : wrongAccount ? (
        <ErrorPanel title={t('invite.wrongAccountTitle')}>
          <p>
            {rich('invite.wrongAccountText', {
              signedIn: <strong>{session.user.email}</strong>,
              email: <strong>{preview.email}</strong>,
            })}
          </p>
          <p>
            <Link to="/logout">{t('invite.signOut')}</Link>
          </p>
        </ErrorPanel>
      ) : (
        <>
          <p>
            {rich('authorize.signedInAs', {
              user: (
                <strong>
                  {session.user.name
                    ? t('common.nameAndEmail', { name: session.user.name, email: session.user.email })
                    : session.user.email}
                </strong>
              ),
            })}
          </p>
          {actionError ? (
            <ErrorPanel title={t('invite.failedTitle')}>
              <p>{describeInviteError(actionError)}</p>
            </ErrorPanel>
          ) : null}
          <div className="form-actions">
            <Button disabled={busy !== null} onClick={() => void respond('accept')}>
              {busy === 'accept' ? t('invite.accepting') : t('invite.accept')}
            </Button>
            <Button variant="secondary" disabled={busy !== null} onClick={() => void respond('decline')}>
              {busy === 'decline' ? t('invite.declining') : t('invite.decline')}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
