import { type ReactNode, useEffect, useRef, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { isMessageKey, t as translate } from '../../shared/i18n/translator';
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
  const { t } = useI18n();

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
      <Page title={t('authorize.notFoundTitle')}>
        <ErrorPanel title={t('authorize.incompleteTitle')}>
          <p>{t('authorize.incompleteText')}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (load.state === 'loading') {
    return (
      <Page title={t('authorize.title')}>
        <Loading />
      </Page>
    );
  }
  if (load.state === 'failed') {
    return (
      <Page title={t('authorize.notFoundTitle')}>
        <ErrorPanel title={t('authorize.cannotContinue')}>
          <p>{describeError(load.error)}</p>
        </ErrorPanel>
        <p>{t('authorize.closeHint')}</p>
      </Page>
    );
  }

  const { view, user } = load;
  if (view.refusal?.reason === 'no_organization') {
    return (
      <Page title={t('authorize.membershipRequiredTitle')}>
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
      <Page title={t('authorize.title')}>
        <Loading>{t('authorize.continuing', { client: view.client.name })}</Loading>
      </Page>
    );
  }
  return (
    <Page title={t('authorize.title')}>
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

/** The standard scopes in the language on screen; any other scope as the server describes it. */
function scopeDescription(scope: { scope: string; description: string }): string {
  const key = `scope.${scope.scope}`;
  return isMessageKey(key) ? translate(key) : scope.description;
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
  const { t, rich } = useI18n();
  return (
    <>
      <div className="client-summary">
        <ClientLogo name={client.name} iconUrl={client.icon_url} logoUri={client.logo_uri} />
        <p className="lead">
          {rich('authorize.wantsAccess', {
            client: <strong data-testid="client-name">{client.name}</strong>,
          })}
        </p>
      </div>
      {client.description ? <p className="muted">{client.description}</p> : null}
      <p>
        {rich('authorize.signedInAs', {
          user: (
            <strong>
              {user.name ? t('common.nameAndEmail', { name: user.name, email: user.email }) : user.email}
            </strong>
          ),
        })}{' '}
        <Link to={withQuery('/sign-in', { request_id: requestId })}>{t('authorize.notYou')}</Link>
      </p>

      {decisionError ? (
        <ErrorPanel title={t('authorize.failedTitle')}>
          <p>{describeError(decisionError)}</p>
        </ErrorPanel>
      ) : null}

      <section className="section" aria-labelledby="scopes-heading">
        <h2 id="scopes-heading">{t('authorize.scopesHeading', { client: client.name })}</h2>
        <ul className="scope-list">
          {view.scopes.map((scope) => (
            <li key={scope.scope}>{scopeDescription(scope)}</li>
          ))}
        </ul>
      </section>

      {keyPanel}

      {view.organizations.length > 0 ? (
        <fieldset className="section">
          <legend>{t('authorize.memberOf')}</legend>
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

      {view.device ? (
        // RFC 8628 §5.4: the user confirms that the device asking is one they hold, not a phisher's.
        <Notice title={t('device.consentNoticeTitle')}>
          <p data-testid="device-notice">{t('device.consentNotice', { client: client.name })}</p>
        </Notice>
      ) : (
        <p className="muted">
          {rich('authorize.returnTo', { origin: <span className="origin">{view.redirect_origin}</span> })}
        </p>
      )}
      <div className="form-actions">
        <Button disabled={deciding !== null || !keyReady} onClick={() => onDecide('approve', organizationId)}>
          {deciding === 'approve' ? t('authorize.approving') : t('authorize.approve')}
        </Button>
        <Button variant="secondary" disabled={deciding !== null} onClick={() => onDecide('deny')}>
          {deciding === 'deny' ? t('authorize.denying') : t('authorize.deny')}
        </Button>
      </div>
    </>
  );
}

/** What unlocking did, said before the user approves: a new key above all (the app's key changes). */
function KeyNotice({ clientName, outcome }: { clientName: string; outcome: UnlockOutcome }) {
  const { t } = useI18n();
  switch (outcome) {
    case 'created':
      return (
        <Notice title={t('authorize.keyCreatedTitle')}>
          <p>{t('authorize.keyCreatedText', { client: clientName })}</p>
        </Notice>
      );
    case 'new_key':
      return (
        <Notice title={t('authorize.newKeyTitle')}>
          <p>{t('authorize.newKeyText', { client: clientName })}</p>
        </Notice>
      );
    default:
      return (
        <Notice title={t('authorize.keyUnlockedTitle')}>
          <p>{t('authorize.keyUnlockedText', { client: clientName })}</p>
        </Notice>
      );
  }
}

/**
 * The app can only be used as a member of an organization and this account belongs to none
 * (docs/organizations.md#choosing-the-organization-at-authorize). The button ends the request (decision
 * "deny"), and the app receives access_denied with its state.
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
  const { t, rich } = useI18n();
  return (
    <>
      <div className="client-summary">
        <ClientLogo name={client.name} iconUrl={client.icon_url} logoUri={client.logo_uri} />
        <p className="lead">
          {rich('authorize.membersOnly', {
            client: <strong data-testid="client-name">{client.name}</strong>,
          })}
        </p>
      </div>
      <ErrorPanel title={t('authorize.noOrganizationTitle')}>
        <p>
          {rich('authorize.noOrganizationText', {
            email: <strong>{user.email}</strong>,
            client: client.name,
          })}
        </p>
        <p>{t('authorize.askForInvite', { client: client.name })}</p>
      </ErrorPanel>
      {decisionError ? (
        <ErrorPanel title={t('authorize.backFailedTitle')}>
          <p>{describeError(decisionError)}</p>
        </ErrorPanel>
      ) : null}
      <p className="muted">
        {rich('authorize.refusalReturn', { origin: <span className="origin">{view.redirect_origin}</span> })}
      </p>
      <div className="form-actions">
        <Button disabled={leaving} onClick={onLeave}>
          {leaving ? t('authorize.returning') : t('authorize.backTo', { client: client.name })}
        </Button>
      </div>
    </>
  );
}
