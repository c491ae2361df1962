import { type ReactNode, useEffect, useRef, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import {
  buildKeyDelivery,
  buildLegacyDrkDelivery,
  withKeyDeliveryFragment,
  withLegacyDrkFragment,
} from '../../shared/zk';
import { ClientLogo } from '../components/ClientLogo';
import { describeError, errorCode } from '../error-text';
import { goTo, leaveTo, withQuery } from '../navigation';
import { csrfHeaders, fetchSession, type SessionUser } from '../session';
import type { Unlocked } from '../zk/custody';
import { type AuthorizationOrganization, KeyUnlock, type UnlockOutcome } from '../zk/KeyUnlock';

/** GET /api/user/authorization-requests/:id */
type RequestView = PublicApiResponse<'GET /api/user/authorization-requests/{requestId}'>;

type Load =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; view: RequestView; user: SessionUser; csrfToken: string };

type Decision = 'approve' | 'deny';

/**
 * A key delivery (docs/zk.md §5, §5.1): the app sent its ephemeral key (`zk_pub`), so approving needs the user's
 * keybag unlocked here, the app's key (v2: the client app key; legacy v1: the data root key) derived and
 * encrypted to that key.
 */
function deliversKey(view: RequestView): boolean {
  return view.zk_delivery !== 'none' && view.zk_pub !== null && view.key_delivery !== null;
}

/**
 * The organization whose unlock policy finalize applies to this request (docs/zk.md §8.1): the one settled already
 * (named by the app, or the user's only one), or one the user picks below, or none.
 */
function authorizationOrganization(view: RequestView): AuthorizationOrganization {
  const settled = view.key_delivery?.organization_id ?? null;
  if (settled !== null) return { kind: 'organization', organizationId: settled };
  return view.organizations.length > 0 ? { kind: 'to_be_chosen' } : { kind: 'none' };
}

/** What finalize gets and the fragment carries for one delivery. */
interface BuiltDelivery {
  /** `zk_key_hash` (v2) or `drk_hash` (legacy v1), and the organization the key was derived for. */
  finalize: Pick<PublicApiBody<'POST /authorize/finalize'>, 'zk_key_hash' | 'drk_hash' | 'organization_id'>;
  withFragment: (redirectUri: string) => string;
  envelopeId: string | null;
}

/**
 * §5 steps 2-4 (§5.1 for legacy v1): the key, encrypted to the app's zk_pub and bound to this authorization; the
 * server gets only the JWE's hash, the JWE itself travels in the fragment, which no server receives. For key scope
 * `organization` the key is the approval's organization's (§2.2), and finalize is told which one.
 */
async function buildDelivery(
  view: RequestView,
  user: SessionUser,
  unlocked: Unlocked,
  chosenOrganizationId: string | undefined,
): Promise<BuiltDelivery> {
  const binding = view.key_delivery;
  if (binding === null || view.zk_pub === null) throw new Error('this request delivers no key');
  let organizationId: string | null = null;
  if (view.zk_key_scope === 'organization') {
    organizationId = chosenOrganizationId ?? binding.organization_id;
    if (organizationId === null) throw new Error('choose one of your organizations to continue');
  }
  const request = {
    ark: unlocked.ark,
    keyId: unlocked.keyId,
    zkPub: view.zk_pub,
    issuer: binding.issuer,
    userId: user.id,
    clientId: view.client.client_id,
    state: binding.state,
    redirectUri: binding.redirect_uri,
    organizationId,
  };
  const organization = organizationId === null ? {} : { organization_id: organizationId };
  if (view.zk_delivery === 'legacy-v1') {
    const { jwe, drkHash } = await buildLegacyDrkDelivery(request);
    return {
      finalize: { drk_hash: drkHash, ...organization },
      withFragment: (redirectUri) => withLegacyDrkFragment(redirectUri, jwe),
      envelopeId: unlocked.envelopeId,
    };
  }
  const { jwe, zkKeyHash } = await buildKeyDelivery(request);
  return {
    finalize: { zk_key_hash: zkKeyHash, ...organization },
    withFragment: (redirectUri) => withKeyDeliveryFragment(redirectUri, jwe),
    envelopeId: unlocked.envelopeId,
  };
}

/** The unlocked keybag (in this page's memory only) and how it was unlocked. */
interface KeyState {
  unlocked: Unlocked;
  outcome: UnlockOutcome;
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
  const [key, setKey] = useState<KeyState | null>(null);
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

  function setCsrfToken(csrfToken: string) {
    setLoad((current) => (current.state === 'ready' ? { ...current, csrfToken } : current));
  }

  async function decide(decision: Decision, organizationId?: string) {
    if (load.state !== 'ready' || !requestId || deciding) return;
    const { view, user } = load;
    setDeciding(decision);
    setDecisionError(null);
    try {
      let delivery: BuiltDelivery | null = null;
      if (decision === 'approve' && deliversKey(view)) {
        if (key === null) throw new Error('unlock your encryption key first');
        delivery = await buildDelivery(view, user, key.unlocked, organizationId);
      }
      const { redirect_uri: finalized } = await api.post<PublicApiResponse<'POST /authorize/finalize'>>(
        '/authorize/finalize',
        {
          request_id: requestId,
          decision,
          ...(organizationId ? { organization_id: organizationId } : {}),
          ...delivery?.finalize,
          // Which envelope opened the keybag, so the account page can show when each was last used (§7.2).
          ...(delivery?.envelopeId ? { zk_envelope_id: delivery.envelopeId } : {}),
        } satisfies PublicApiBody<'POST /authorize/finalize'>,
        { headers: csrfHeaders(load.csrfToken) },
      );
      const redirectUri = delivery ? delivery.withFragment(finalized) : finalized;
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

  // Nothing to ask: continue straight to the app. With a key delivery, once the keybag opened as usual (a new key
  // or new-key setup is said on the consent page first).
  const automatic =
    load.state === 'ready' &&
    load.view.refusal === null &&
    !load.view.consent_required &&
    (!deliversKey(load.view) ||
      (key !== null && (key.outcome === 'unlocked' || key.outcome === 'recovered'))) &&
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
        keyPanel={
          deliversKey(view) ? (
            key === null ? (
              <KeyUnlock
                user={user}
                clientName={view.client.name}
                organization={authorizationOrganization(view)}
                csrfToken={load.csrfToken}
                onCsrfToken={setCsrfToken}
                onUnlocked={(unlocked, outcome) => setKey({ unlocked, outcome })}
              />
            ) : (
              <KeyNotice clientName={view.client.name} outcome={key.outcome} />
            )
          ) : null
        }
        keyReady={!deliversKey(view) || key !== null}
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
  keyPanel,
  keyReady,
}: {
  view: RequestView;
  user: SessionUser;
  requestId: string;
  deciding: Decision | null;
  decisionError: unknown;
  onDecide: (decision: Decision, organizationId?: string) => void;
  /** The key unlock (or what it did), for an app that receives a key. */
  keyPanel: ReactNode;
  /** False while the app's key cannot be delivered yet (keybag locked). */
  keyReady: boolean;
}) {
  const { client } = view;
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

      <section className="section" aria-labelledby="scopes-heading">
        <h2 id="scopes-heading">If you approve, {client.name} can:</h2>
        <ul className="scope-list">
          {view.scopes.map((scope) => (
            <li key={scope.scope}>{scope.description}</li>
          ))}
        </ul>
      </section>

      {keyPanel}

      {view.organizations.length > 0 ? (
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
        <Button disabled={deciding !== null || !keyReady} onClick={() => onDecide('approve', organizationId)}>
          {deciding === 'approve' ? 'Approving…' : 'Approve'}
        </Button>
        <Button variant="secondary" disabled={deciding !== null} onClick={() => onDecide('deny')}>
          {deciding === 'deny' ? 'Denying…' : 'Deny'}
        </Button>
      </div>
    </>
  );
}

/** What unlocking did, said before the user approves: a new key above all (the app's key changes). */
function KeyNotice({ clientName, outcome }: { clientName: string; outcome: UnlockOutcome }) {
  switch (outcome) {
    case 'created':
      return (
        <Notice title="Your encryption key is set up">
          <p>{clientName} will receive its key when you approve. Keep your recovery key safe.</p>
        </Notice>
      );
    case 'new_key':
      return (
        <Notice title="You have a new encryption key">
          <p>
            {clientName} will receive a new key. Data it encrypted with your old key cannot be opened any
            more. Keep your new recovery key safe.
          </p>
        </Notice>
      );
    default:
      return (
        <Notice title="Your encryption key is unlocked">
          <p>{clientName} will receive its key when you approve.</p>
        </Notice>
      );
  }
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
