import { useEffect, useRef, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { ClientLogo } from '../components/ClientLogo';
import { describeError, errorCode } from '../error-text';
import { goTo, leaveTo, withQuery } from '../navigation';
import { csrfHeaders, fetchSession, type SessionUser } from '../session';

/** GET /api/user/authorization-requests/:id */
type RequestView = PublicApiResponse<'GET /api/user/authorization-requests/{requestId}'>;

type Load =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; view: RequestView; user: SessionUser; csrfToken: string };

type Decision = 'approve' | 'deny';

/**
 * Key delivery (the app's ephemeral key in `zk_pub`) needs the browser to unlock and encrypt the account key,
 * which this version of the UI cannot do yet; approving without it would fail at the server anyway.
 */
function needsKeyDelivery(view: RequestView): boolean {
  return view.zk_delivery !== 'none' && view.zk_pub !== null;
}

/**
 * The consent page for a pending authorization request: who is asking, for what, and Approve/Deny. When no
 * consent is needed (remembered, or a first-party app) it continues by itself. When the request cannot be approved
 * (an app that requires an organization, for a user in none) it says why instead, and its button takes the user
 * back to the app, which receives access_denied (RFC 6749 §4.1.2.1).
 */
export function AuthorizePage() {
  const { searchParams } = useRouter();
  const requestId = searchParams.get('request_id');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [decisionError, setDecisionError] = useState<unknown>(null);
  const autoApproved = useRef(false);

  useEffect(() => {
    if (!requestId) return;
    let current = true;
    const signInPath = withQuery('/sign-in', { request_id: requestId });
    Promise.all([
      api.get<RequestView>(`/api/user/authorization-requests/${encodeURIComponent(requestId)}`),
      fetchSession(),
    ]).then(
      ([view, session]) => {
        if (!current) return;
        if (view.login_required || !session.authenticated) {
          goTo(signInPath, { replace: true });
          return;
        }
        setLoad({ state: 'ready', view, user: session.user, csrfToken: session.csrf_token });
      },
      (error: unknown) => current && setLoad({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [requestId]);

  async function decide(decision: Decision, organizationId?: string) {
    if (load.state !== 'ready' || !requestId || deciding) return;
    setDeciding(decision);
    setDecisionError(null);
    try {
      const { redirect_uri: redirectUri } = await api.post<{ redirect_uri: string }>(
        '/authorize/finalize',
        {
          request_id: requestId,
          decision,
          ...(organizationId ? { organization_id: organizationId } : {}),
        },
        { headers: csrfHeaders(load.csrfToken) },
      );
      // Stay "busy" while the browser leaves for the app.
      if (!leaveTo(redirectUri)) {
        setDeciding(null);
        setDecisionError(new Error('unusable redirect'));
      }
    } catch (error) {
      if (errorCode(error) === 'login_required') {
        goTo(withQuery('/sign-in', { request_id: requestId }), { replace: true });
        return;
      }
      setDeciding(null);
      setDecisionError(error);
    }
  }

  // Nothing to ask: continue straight to the app.
  const automatic =
    load.state === 'ready' &&
    load.view.refusal === null &&
    !load.view.consent_required &&
    !needsKeyDelivery(load.view) &&
    load.view.organizations.length === 0;
  useEffect(() => {
    if (automatic && !autoApproved.current) {
      autoApproved.current = true;
      void decide('approve');
    }
  });

  if (!requestId) {
    return (
      <Page title="Sign-in request not found">
        <ErrorPanel title="This link is incomplete">
          <p>Go back to the app and start signing in again.</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (load.state === 'loading') {
    return (
      <Page title="Allow access">
        <Loading />
      </Page>
    );
  }
  if (load.state === 'failed') {
    return (
      <Page title="Sign-in request not found">
        <ErrorPanel title="We cannot continue this sign-in">
          <p>{describeError(load.error)}</p>
        </ErrorPanel>
        <p>You can close this page and go back to the app.</p>
      </Page>
    );
  }

  const { view, user } = load;
  if (view.refusal?.reason === 'no_organization') {
    return (
      <Page title="Organization membership required">
        <NoOrganization
          view={view}
          user={user}
          leaving={deciding !== null}
          decisionError={decisionError}
          onLeave={() => void decide('deny')}
        />
      </Page>
    );
  }
  if (automatic && !decisionError) {
    return (
      <Page title="Allow access">
        <Loading>{`Continuing to ${view.client.name}…`}</Loading>
      </Page>
    );
  }
  return (
    <Page title="Allow access">
      <Consent
        view={view}
        user={user}
        requestId={requestId}
        deciding={deciding}
        decisionError={decisionError}
        onDecide={decide}
      />
    </Page>
  );
}

function Consent({
  view,
  user,
  requestId,
  deciding,
  decisionError,
  onDecide,
}: {
  view: RequestView;
  user: SessionUser;
  requestId: string;
  deciding: Decision | null;
  decisionError: unknown;
  onDecide: (decision: Decision, organizationId?: string) => void;
}) {
  const { client } = view;
  const keyDelivery = needsKeyDelivery(view);
  const [organizationId, setOrganizationId] = useState(view.organizations[0]?.id);
  return (
    <>
      <div className="client-summary">
        <ClientLogo name={client.name} iconUrl={client.icon_url} logoUri={client.logo_uri} />
        <p className="lead">
          <strong data-testid="client-name">{client.name}</strong> wants to use your account.
        </p>
      </div>
      {client.description ? <p className="muted">{client.description}</p> : null}
      <p>
        Signed in as <strong>{user.name || user.email}</strong>
        {user.name ? ` (${user.email})` : null}.{' '}
        <Link to={withQuery('/sign-in', { request_id: requestId })}>Not you? Use another account</Link>
      </p>

      {decisionError ? (
        <ErrorPanel title="We could not finish this step">
          <p>{describeError(decisionError)}</p>
        </ErrorPanel>
      ) : null}

      {keyDelivery ? (
        <ErrorPanel title="This app needs something this version cannot do">
          <p>
            {client.name} asks for an encryption key for your data. Delivering that key is not available in
            this version of the sign-in service, so you cannot continue to this app. Choose Deny to return to
            it.
          </p>
        </ErrorPanel>
      ) : (
        <section className="section" aria-labelledby="scopes-heading">
          <h2 id="scopes-heading">If you approve, {client.name} can:</h2>
          <ul className="scope-list">
            {view.scopes.map((scope) => (
              <li key={scope.scope}>{scope.description}</li>
            ))}
          </ul>
        </section>
      )}

      {!keyDelivery && view.organizations.length > 0 ? (
        <fieldset className="section">
          <legend>Continue as a member of</legend>
          {view.organizations.map((organization) => (
            <label key={organization.id} className="choice">
              <input
                type="radio"
                name="organization"
                value={organization.id}
                checked={organizationId === organization.id}
                onChange={() => setOrganizationId(organization.id)}
              />
              {organization.name}
            </label>
          ))}
        </fieldset>
      ) : null}

      <p className="muted">
        You will then go back to <span className="origin">{view.redirect_origin}</span>.
      </p>
      <div className="form-actions">
        {keyDelivery ? null : (
          <Button disabled={deciding !== null} onClick={() => onDecide('approve', organizationId)}>
            {deciding === 'approve' ? 'Approving…' : 'Approve'}
          </Button>
        )}
        <Button
          variant={keyDelivery ? 'primary' : 'secondary'}
          disabled={deciding !== null}
          onClick={() => onDecide('deny')}
        >
          {deciding === 'deny' ? 'Denying…' : 'Deny'}
        </Button>
      </div>
    </>
  );
}

/**
 * The app can only be used as a member of an organization and this account belongs to none (issue #7). The button
 * ends the request (decision "deny"), and the app receives access_denied with its state.
 */
function NoOrganization({
  view,
  user,
  leaving,
  decisionError,
  onLeave,
}: {
  view: RequestView;
  user: SessionUser;
  leaving: boolean;
  decisionError: unknown;
  onLeave: () => void;
}) {
  const { client } = view;
  return (
    <>
      <div className="client-summary">
        <ClientLogo name={client.name} iconUrl={client.icon_url} logoUri={client.logo_uri} />
        <p className="lead">
          <strong data-testid="client-name">{client.name}</strong> can only be used as a member of an
          organization.
        </p>
      </div>
      <ErrorPanel title="You are not a member of any organization">
        <p>
          You are signed in as <strong>{user.email}</strong>, and this account does not belong to any
          organization, so you cannot continue to {client.name}.
        </p>
        <p>
          Ask someone who manages your organization to invite you. Once you have accepted the invitation, sign
          in to {client.name} again.
        </p>
      </ErrorPanel>
      {decisionError ? (
        <ErrorPanel title="We could not take you back to the app">
          <p>{describeError(decisionError)}</p>
        </ErrorPanel>
      ) : null}
      <p className="muted">
        You will go back to <span className="origin">{view.redirect_origin}</span>, which will be told that
        you could not continue.
      </p>
      <div className="form-actions">
        <Button disabled={leaving} onClick={onLeave}>
          {leaving ? 'Returning…' : `Back to ${client.name}`}
        </Button>
      </div>
    </>
  );
}
