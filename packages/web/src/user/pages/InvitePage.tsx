import { useEffect, useState } from 'react';
import { ApiError, api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
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

const INVITE_TEXT: Record<string, string> = {
  invite_not_found:
    'This invitation is not valid any more: it was already used, declined or withdrawn, or the link is incomplete.',
  invite_expired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  invite_wrong_account:
    'This invitation is for a different email address than the account you are signed in with.',
  email_not_verified:
    'Confirm your email address first, using the link we sent you, then open this page again.',
  already_member: 'You are already a member of this organization.',
};

/** Plain-language text for the invitation errors, falling back to the general texts. */
function describeInviteError(error: unknown): string {
  const code = errorCode(error);
  if (code && Object.hasOwn(INVITE_TEXT, code)) return INVITE_TEXT[code]!;
  // A malformed token is refused by the request schema.
  if (error instanceof ApiError && error.status === 400) return INVITE_TEXT.invite_not_found!;
  return describeError(error);
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * An invitation to join an organization, opened from the emailed link (`/ui/invite?token=…`): what it is about,
 * and Accept / Decline for the invited account. The token is the credential; it is only sent in request bodies.
 */
export function InvitePage() {
  const { searchParams } = useRouter();
  const token = searchParams.get('token');
  const [load, setLoad] = useState<Load>({ state: 'loading' });

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
      <Page title="Invitation not found">
        <ErrorPanel title="This link is incomplete">
          <p>Open the invitation link from the email again, or copy the whole link into the address bar.</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (load.state === 'loading') {
    return (
      <Page title="Invitation">
        <Loading />
      </Page>
    );
  }
  if (load.state === 'failed') {
    return (
      <Page title="Invitation not found">
        <ErrorPanel title="We cannot open this invitation">
          <p>{describeInviteError(load.error)}</p>
        </ErrorPanel>
        <p>If you still want to join, ask the person who invited you for a new invitation.</p>
      </Page>
    );
  }
  return (
    <Page title="Invitation">
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
      <Notice title="Invitation accepted">
        <p>
          You are now a member of <strong>{organization.name}</strong>. Apps that work with organizations can
          now let you continue as a member of it.
        </p>
        <p>
          <Link to="/account">Go to your account</Link>
        </p>
      </Notice>
    );
  }
  if (outcome?.kind === 'declined') {
    return (
      <Notice title="Invitation declined">
        <p>
          You declined the invitation to <strong>{organization.name}</strong>. The link no longer works.
        </p>
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
          Join <span data-testid="invite-organization">{organization.name}</span>
        </h2>
        <p className="lead">
          <strong>{organization.name}</strong> invites{' '}
          <strong data-testid="invite-email">{preview.email}</strong> to become a member.
        </p>
        <dl>
          <dt>Roles</dt>
          <dd data-testid="invite-roles">{preview.roles.join(', ')}</dd>
          <dt>{preview.expired ? 'Expired' : 'Valid until'}</dt>
          <dd>{formatDate(preview.expires_at)}</dd>
        </dl>
      </section>

      {preview.expired ? (
        <ErrorPanel title="This invitation has expired">
          <p>{INVITE_TEXT.invite_expired}</p>
        </ErrorPanel>
      ) : session === null ? (
        <section className="section" aria-labelledby="invite-sign-in-heading">
          <h2 id="invite-sign-in-heading">Sign in to answer</h2>
          <p>
            Sign in with <strong>{preview.email}</strong> (or create an account with that address). You will
            come back to this page to accept or decline the invitation.
          </p>
          <div className="form-actions">
            <Link to={returningTo('/sign-in', invitePath)} className="link-button">
              Sign in
            </Link>
            <Link to={returningTo('/register', invitePath)}>Create an account</Link>
          </div>
        </section>
      ) : wrongAccount ? (
        <ErrorPanel title="You are signed in with a different account">
          <p>
            You are signed in as <strong>{session.user.email}</strong>, but this invitation is for{' '}
            <strong>{preview.email}</strong>. Sign out, sign in with the invited address, and open the
            invitation link again.
          </p>
          <p>
            <Link to="/logout">Sign out</Link>
          </p>
        </ErrorPanel>
      ) : (
        <>
          <p>
            Signed in as <strong>{session.user.name || session.user.email}</strong>
            {session.user.name ? ` (${session.user.email})` : null}.
          </p>
          {actionError ? (
            <ErrorPanel title="We could not answer the invitation">
              <p>{describeInviteError(actionError)}</p>
            </ErrorPanel>
          ) : null}
          <div className="form-actions">
            <Button disabled={busy !== null} onClick={() => void respond('accept')}>
              {busy === 'accept' ? 'Accepting…' : 'Accept invitation'}
            </Button>
            <Button variant="secondary" disabled={busy !== null} onClick={() => void respond('decline')}>
              {busy === 'decline' ? 'Declining…' : 'Decline'}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
