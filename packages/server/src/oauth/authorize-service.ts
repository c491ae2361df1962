import type { FastifyRequest } from 'fastify';
import type { Session } from '../accounts/sessions.js';
import { isAcceptableText } from '../app/acceptable-input.js';
import { sanitizeErrorDescription } from '../app/error-description.js';
import { appError } from '../app/errors.js';
import type { AuthorizeErrorReason } from '../app/page-messages.js';
import type { Client } from '../clients/model.js';
import type { ClientService } from '../clients/service.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { AuthorizationErrorCode, ErrorPageCode } from '../protocol/oauth/errors.js';
import { resolveRedirect, validateAuthorizeParameters } from './authorize-checks.js';
import {
  AuthorizationError,
  type AuthorizeParameters,
  authorizationResponseUrl,
  type UntrustedRedirectError,
  type ValidatedRequest,
} from './authorize-request.js';
import { boundToBrowser } from './browser-binding.js';
import type { DeviceAuthorizations } from './device-authorization.js';
import { oauthApiError } from './errors.js';
import {
  type OrganizationContextSource,
  type OrganizationResolution,
  resolveOrganization,
} from './organization-context.js';
import type { OAuthStore } from './store.js';
import type { TokenIssuer } from './token-issuer.js';

/** Pending requests live 10 minutes; codes 60 seconds (RFC 6749 §4.1.2 recommends at most 10 minutes). */
const PENDING_REQUEST_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 60_000;

const requestNotFound = () =>
  oauthApiError(
    'request_not_found',
    'this sign-in request is unknown, finished or expired; start again from the app',
  );

const requestOfOtherBrowser = () =>
  oauthApiError(
    'request_browser_mismatch',
    'this sign-in request was started in another browser; start again from the app in this browser',
  );

/** What the pending request remembers beyond the parameters: when a fresh sign-in is owed. */
interface PendingRequest extends ValidatedRequest {
  /** A sign-in at or after this instant is required (prompt=login, max_age exceeded, other account hinted). */
  loginRequiredAfter: string | null;
  hintSubject: string | null;
  /** When the request was parked (ISO 8601); absent on requests parked before it was recorded. */
  parkedAt?: string;
  /** The device authorization (RFC 8628) the user decides with this request; absent on a browser's own request. */
  deviceAuthorizationId?: string;
}

export type AuthorizeOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'interaction'; location: string }
  | { kind: 'error-page'; error: ErrorPageCode; description: string; reason: AuthorizeErrorReason };

export interface PendingRequestView {
  client: Client;
  request: PendingRequest;
  loginRequired: boolean;
  consentRequired: boolean;
  /** The organizations the user must choose from (empty when there is nothing to choose). */
  organizations: { id: string; name: string }[];
  /** The organization already settled for the request (asked for, or the user's only one); null otherwise. */
  organizationId: string | null;
  /** Why the request cannot be approved, to explain before the error goes back to the app (null: it can be). */
  refusal: { reason: 'no_organization'; description: string } | null;
}

export interface FinalizeInput {
  requestId: string;
  decision: 'approve' | 'deny';
  organizationId?: string;
  zkKeyHash?: string;
  /** The keybag envelope the browser opened for this delivery (docs/zk.md §7.2); absent for a key just created. */
  zkEnvelopeId?: string;
  drkHash?: string;
}

/**
 * The key custody slice's part in a key delivery (v2 or legacy v1) (keys/service.ts): whether the user may be handed a key now
 * (checked before the request is consumed), and the record that one was delivered.
 */
export interface KeyDeliveryHooks {
  /** `organizationId`: the organization the authorization is made for, whose unlock policy applies (or null). */
  beforeDelivery(
    userId: string,
    envelopeId: string | undefined,
    organizationId: string | null,
  ): Promise<void>;
  delivered(userId: string, envelopeId: string | undefined): Promise<void>;
}

/** base64url SHA-256: 43 characters. */
const HASH_VALUE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The authorization endpoint and /authorize/finalize (OIDC Core §3.1.2): validates the request, decides
 * whether the current session and remembered consent satisfy it, and either completes at once or parks it as a
 * pending request for the hosted UI.
 */
export class AuthorizeService {
  constructor(
    private readonly issuerUrl: string,
    private readonly clients: ClientService,
    private readonly store: OAuthStore,
    private readonly issuer: TokenIssuer,
    private readonly organizations: OrganizationContextSource,
    private readonly keyDelivery: KeyDeliveryHooks,
    /** The device authorization grant, whose user codes become pending requests here (parkDeviceRequest). */
    private readonly devices: DeviceAuthorizations,
  ) {}

  /**
   * `browserHash`: the browser's binding (oauth/browser-binding.ts), stored with a request that is parked, which
   * only that browser may then continue.
   */
  async authorize(
    parameters: AuthorizeParameters,
    session: Session | null,
    browserHash: string,
  ): Promise<AuthorizeOutcome> {
    const client = parameters.client_id ? await this.clients.find(parameters.client_id) : null;
    let redirectUri: string;
    try {
      redirectUri = resolveRedirect(client, parameters);
    } catch (error) {
      const { error: code, message, reason } = error as UntrustedRedirectError;
      return { kind: 'error-page', error: code, description: message, reason };
    }
    const state = parameters.state ?? null;
    try {
      const request = validateAuthorizeParameters(client!, redirectUri, parameters);
      return await this.decide(client!, request, session, browserHash);
    } catch (error) {
      if (!(error instanceof AuthorizationError)) throw error;
      return {
        kind: 'redirect',
        location: this.errorLocation(redirectUri, state, error.error, error.description),
      };
    }
  }

  /**
   * A request whose parameters failed validation (a repeated parameter, an overlong value, a character no parameter
   * may hold): shown as an error page until the client and redirect URI check out, then sent back to the client as
   * invalid_request (RFC 6749 §4.1.2.1), like any other invalid parameter. The parameters the redirect depends on
   * (client_id, redirect_uri, state) must themselves be sound text, or there is no redirect to trust.
   */
  async refuseMalformed(
    parameters: Record<string, unknown>,
    description: string,
    parameter: string | null = null,
  ): Promise<AuthorizeOutcome> {
    const sound: Record<string, string | undefined> = {};
    for (const name of ['client_id', 'redirect_uri', 'state']) {
      const value = parameters[name];
      if (value === undefined) continue;
      if (typeof value !== 'string' || !isAcceptableText(value))
        return { kind: 'error-page', error: 'invalid_request', description, reason: 'invalid_request' };
      sound[name] = value;
    }
    const client = sound.client_id ? await this.clients.find(sound.client_id) : null;
    let redirectUri: string;
    try {
      redirectUri = resolveRedirect(client, sound);
    } catch (error) {
      const { error: code, message, reason } = error as UntrustedRedirectError;
      return { kind: 'error-page', error: code, description: message, reason };
    }
    return {
      kind: 'redirect',
      location: this.errorLocation(
        redirectUri,
        sound.state ?? null,
        // RFC 6749 §4.1.2.1: a malformed scope is invalid_scope; any other malformed parameter invalid_request.
        parameter === 'scope' ? 'invalid_scope' : 'invalid_request',
        description,
      ),
    };
  }

  private async decide(
    client: Client,
    request: ValidatedRequest,
    session: Session | null,
    browserHash: string,
  ): Promise<AuthorizeOutcome> {
    const now = Date.now();
    let hintSubject: string | null = null;
    if (request.idTokenHint) {
      const hint = this.issuer.verifyIdTokenHint(request.idTokenHint);
      if (!hint)
        throw new AuthorizationError(
          'invalid_request',
          'id_token_hint is not a valid ID token from this issuer',
        );
      hintSubject = hint.sub;
    }
    const freshLoginOwed =
      request.prompt.includes('login') ||
      (session !== null &&
        request.maxAge !== null &&
        now - session.authTime.getTime() > request.maxAge * 1000);
    const loginNeeded =
      session === null ||
      session.secondFactorPending ||
      freshLoginOwed ||
      (hintSubject !== null && hintSubject !== session.userId);
    const consentNeeded = session !== null && (await this.consentNeeded(client, request, session.userId));
    // Once the user is known the organization can be settled (docs/organizations.md).
    const organization: OrganizationResolution = loginNeeded
      ? { kind: 'none' }
      : await resolveOrganization(this.organizations, client, request.organizationId, session!.userId);
    // An organization the user is not in goes straight back to the client as access_denied. Having none at all is
    // first explained on a page of the hosted UI, whose button then sends the same error back; with prompt=none no
    // page may be shown (OIDC Core §3.1.2.6), so the error goes back at once.
    if (
      organization.kind === 'refused' &&
      (organization.reason === 'not_a_member' || request.prompt.includes('none'))
    ) {
      throw new AuthorizationError('access_denied', organization.description);
    }
    const interactionNeeded =
      request.zkPub !== null ||
      request.prompt.includes('select_account') ||
      organization.kind === 'choose' ||
      organization.kind === 'refused';
    const organizationId = organization.kind === 'chosen' ? organization.organizationId : null;

    if (request.prompt.includes('none')) {
      // OIDC Core §3.1.2.6: no UI may be shown; say what would have been needed.
      if (loginNeeded) throw new AuthorizationError('login_required', 'the user is not signed in');
      if (consentNeeded)
        throw new AuthorizationError('consent_required', 'the user has not approved this application');
      if (interactionNeeded) throw new AuthorizationError('interaction_required', 'the user must interact');
      return {
        kind: 'redirect',
        location: await this.issueCode(client, request, session!, { organizationId }),
      };
    }
    if (!loginNeeded && !consentNeeded && !interactionNeeded) {
      return {
        kind: 'redirect',
        location: await this.issueCode(client, request, session!, { organizationId }),
      };
    }
    const requestId = randomToken();
    const pending: PendingRequest = {
      ...request,
      loginRequiredAfter: freshLoginOwed ? new Date(now).toISOString() : null,
      hintSubject,
      parkedAt: new Date(now).toISOString(),
    };
    await this.store.createAuthorizationRequest({
      idHash: hashToken(requestId),
      clientId: client.id,
      parameters: pending,
      browserHash,
      // Tied to the account signed in now, if any: it ends with that account's access
      // (docs/integration.md#pending-requests-are-bound-to-the-browser).
      userId: session?.userId ?? null,
      expiresAt: new Date(now + PENDING_REQUEST_TTL_MS),
    });
    // A sign-in owed first: straight to the hosted UI's sign-in page, which continues the request (and approves it
    // itself when nothing is left to ask), rather than through the consent page, which would only send the browser
    // on to sign in after two requests of its own.
    const page = loginNeeded ? '/ui/sign-in' : '/ui/authorize';
    // The hosted UI speaks the language the app asked for (ui_locales, OIDC Core §3.1.2.1; docs/languages.md).
    const language = request.uiLocale ? `&ui_locales=${encodeURIComponent(request.uiLocale)}` : '';
    return {
      kind: 'interaction',
      location: `${page}?request_id=${encodeURIComponent(requestId)}${language}`,
    };
  }

  /**
   * Whether the user must approve: `remembered` is what they approved before for this client (null when nothing),
   * when the caller has read it already.
   */
  private async consentNeeded(
    client: Client,
    request: ValidatedRequest,
    userId: string,
    remembered?: string[] | null,
  ): Promise<boolean> {
    if (request.prompt.includes('consent')) return true;
    if (client.firstParty) return false;
    const approved = remembered === undefined ? await this.store.findConsent(userId, client.id) : remembered;
    if (!approved) return true;
    // New scopes need a new approval.
    return request.scope.split(' ').some((scope) => !approved.includes(scope));
  }

  /** Whether this session satisfies the sign-in the pending request owes. */
  private loginSatisfied(request: PendingRequest, session: Session | null): boolean {
    if (!session || session.secondFactorPending) return false;
    if (request.loginRequiredAfter && session.authTime.getTime() < Date.parse(request.loginRequiredAfter))
      return false;
    // max_age (OIDC Core §3.1.2.1): a sign-in made after the request was parked is the re-authentication it asks
    // for, however long the approval then takes. Without this, max_age=0 (which §3.1.2.1 makes equivalent to
    // prompt=login) could never be satisfied: any sign-in is more than 0 ms old by the time it is checked.
    const authenticatedForRequest =
      request.parkedAt !== undefined && session.authTime.getTime() >= Date.parse(request.parkedAt);
    if (
      request.maxAge !== null &&
      !authenticatedForRequest &&
      Date.now() - session.authTime.getTime() > request.maxAge * 1000
    )
      return false;
    if (request.hintSubject !== null && request.hintSubject !== session.userId) return false;
    return true;
  }

  /**
   * The pending request and its client; with `userId`, also what that user approved before for the client (read in
   * the same statement), else `remembered` is undefined. Without `userId` (an approval, whose next statement
   * consumes the request), the request may come from what this node wrote or read before: see pendingRequestContent.
   */
  private async loadPending(
    requestId: string,
    browserHash: string | null,
    userId: string | null = null,
  ): Promise<{ client: Client; request: PendingRequest; remembered?: string[] | null }> {
    const pending = await this.findPending(requestId, userId);
    if (!pending) throw requestNotFound();
    if (!boundToBrowser(pending.browserHash, browserHash)) throw requestOfOtherBrowser();
    return pending;
  }

  /** loadPending, with null for a request that is unknown, used or expired (or whose client is gone). */
  private async findPending(
    requestId: string,
    userId: string | null,
  ): Promise<{
    client: Client;
    request: PendingRequest;
    browserHash: string | null;
    remembered?: string[] | null;
  } | null> {
    const idHash = hashToken(requestId);
    const now = new Date();
    let row: { clientId: string; parameters: unknown; browserHash: string | null } | undefined;
    let remembered: string[] | null | undefined;
    if (userId) {
      const found = await this.store.findAuthorizationRequestWithConsent(idHash, now, userId);
      row = found?.request;
      remembered = found?.remembered;
    } else {
      row = await this.store.pendingRequestContent(idHash, now);
    }
    const client = row ? await this.clients.find(row.clientId) : null;
    if (!row || !client) return null;
    return {
      client,
      request: row.parameters as PendingRequest,
      browserHash: row.browserHash,
      remembered,
    };
  }

  /**
   * Why a pending request could not be consumed: it was completed already (by a concurrent approval or denial, or
   * on another node after this one last saw it), or it expired or never existed.
   */
  private async notConsumable(requestIdHash: string): Promise<Error> {
    return (await this.store.authorizationRequestConsumed(requestIdHash))
      ? oauthApiError('request_already_used', 'this sign-in request was already completed')
      : requestNotFound();
  }

  /**
   * The organization a pending request named (`organization_id`), for the sign-in pages' brand; null for a request
   * that names none or is unknown, used or expired. Says nothing about the browser or the user, so nothing more.
   */
  async requestedOrganization(requestId: string): Promise<string | null> {
    const pending = await this.findPending(requestId, null);
    return pending?.request.organizationId ?? null;
  }

  /** What the consent page shows for a pending request. */
  async view(
    requestId: string,
    session: Session | null,
    browserHash: string | null,
  ): Promise<PendingRequestView> {
    const { client, request, remembered } = await this.loadPending(
      requestId,
      browserHash,
      session?.userId ?? null,
    );
    const loginRequired = !this.loginSatisfied(request, session);
    const organization =
      session && !loginRequired
        ? await resolveOrganization(this.organizations, client, request.organizationId, session.userId)
        : null;
    return {
      client,
      request,
      loginRequired,
      consentRequired:
        session === null ? true : await this.consentNeeded(client, request, session.userId, remembered),
      organizations: organization?.kind === 'choose' ? organization.options : [],
      organizationId: organization?.kind === 'chosen' ? organization.organizationId : null,
      refusal:
        organization?.kind === 'refused' && organization.reason === 'no_organization'
          ? { reason: organization.reason, description: organization.description }
          : null,
    };
  }

  /**
   * A sign-in made for a pending request (the hosted UI's sign-in page names it): when nothing is left to ask the
   * user, the request is approved now, exactly as the consent page would approve it by itself, and the redirect to
   * the application (code, state, iss) is returned, so the browser skips that page's two requests. Nothing is left
   * when the new session satisfies the request, consent is remembered (or not needed), no organization is to be
   * chosen or explained, and no key is to be delivered (the browser builds that). Otherwise, or when the request is
   * unknown, used or expired, the answer is null and the browser goes on to the consent page, which says why.
   */
  async continueAfterSignIn(
    requestId: string,
    session: Session,
    browserHash: string | null,
  ): Promise<string | null> {
    const approval = await this.approvalAfterSignIn(requestId, session, browserHash);
    if (!approval) return null;
    // Consumed only if still pending and, unless first-party, only if the remembered consent covers the scopes
    // (consentNeeded's rule, checked in the consuming statement): a concurrent approval or denial wins, and a
    // consent that falls short leaves the request to the consent page.
    const approved = await this.store.approveConsentedAuthorizationRequest(
      approval.idHash,
      approval.row,
      new Date(),
      approval.consentNeeded,
    );
    return approved ? this.codeLocation(approval.request, approval.code) : null;
  }

  /**
   * continueAfterSignIn's approval planned for a session about to start, to be done in the sign-in's own statement
   * (approvedByConsentCtes, the same consuming condition): its placeholders' values, the redirect to answer once
   * the statement inserted the code, and `settled`, to call once the statement ran. Null when nothing is to be
   * approved (the consent page has something to ask, or the request is unknown, used, expired or another browser's).
   */
  async planApprovalAfterSignIn(
    requestId: string,
    session: Session,
    browserHash: string | null,
  ): Promise<{ values: Record<string, unknown>; redirect: string; settled: () => void } | null> {
    const approval = await this.approvalAfterSignIn(requestId, session, browserHash);
    if (!approval) return null;
    return {
      values: this.store.consentedApprovalValues(
        approval.idHash,
        approval.row,
        new Date(),
        approval.consentNeeded,
      ),
      redirect: this.codeLocation(approval.request, approval.code),
      settled: () => this.store.forgetPendingRequest(approval.idHash),
    };
  }

  /**
   * What continueAfterSignIn would approve for `session`: the code to issue (not yet written) when nothing is left to
   * ask the user, else null.
   */
  private async approvalAfterSignIn(requestId: string, session: Session, browserHash: string | null) {
    // The request's content as this node wrote it at /authorize (no statement then), or read now.
    const pending = await this.findPending(requestId, null);
    // Another browser's request is not continued; the consent page then says why.
    if (!pending || !boundToBrowser(pending.browserHash, browserHash)) return null;
    const { client, request } = pending;
    if (!this.loginSatisfied(request, session)) return null;
    if (client.zkDelivery !== 'none' && request.zkPub !== null) return null;
    if (request.prompt.includes('consent')) return null;
    const organization = await resolveOrganization(
      this.organizations,
      client,
      request.organizationId,
      session.userId,
    );
    if (organization.kind === 'choose' || organization.kind === 'refused') return null;
    const { code, row } = this.newCode(client, request, session, {
      organizationId: organization.kind === 'chosen' ? organization.organizationId : null,
    });
    return { request, code, row, idHash: hashToken(requestId), consentNeeded: !client.firstParty };
  }

  /**
   * A sign-in for a pending request that did not complete it (the consent page comes next, or a second factor):
   * the request is tied to the account now signed in, in the browser it is bound to, so it ends with that account's
   * access (docs/integration.md#pending-requests-are-bound-to-the-browser). Nothing happens for another
   * browser's request, or one no longer pending.
   */
  async tieToAccount(requestId: string, browserHash: string | null, userId: string): Promise<void> {
    if (browserHash === null) return;
    await this.store.tieAuthorizationRequest(hashToken(requestId), browserHash, userId, new Date());
  }

  /**
   * A device authorization's user code entered on the hosted UI (RFC 8628 §3.3): parked as a pending request of the
   * signed-in user in this browser, so the consent page asks for it as for an app's request (the client, the scopes,
   * Approve or Deny, an organization to choose). It never completes by itself: remembered consent does not approve a
   * device (RFC 8628 §5.4, remote phishing), so the request always asks (prompt=consent). It lives no longer than the
   * device code; its redirect URI is the hosted UI's device page, which says how the decision went.
   */
  async parkDeviceRequest(
    client: Client,
    device: { id: string; scope: string; expiresAt: Date },
    session: Session,
    browserHash: string,
  ): Promise<string> {
    const now = Date.now();
    const requestId = randomToken();
    const pending: PendingRequest = {
      clientId: client.id,
      redirectUri: this.devices.verificationUri,
      scope: device.scope,
      state: null,
      nonce: null,
      codeChallenge: null,
      prompt: ['consent'],
      maxAge: null,
      loginHint: null,
      idTokenHint: null,
      organizationId: null,
      zkPub: null,
      dpopJkt: null,
      loginRequiredAfter: null,
      hintSubject: null,
      parkedAt: new Date(now).toISOString(),
      deviceAuthorizationId: device.id,
    };
    await this.store.createAuthorizationRequest({
      idHash: hashToken(requestId),
      clientId: client.id,
      parameters: pending,
      browserHash,
      userId: session.userId,
      expiresAt: new Date(Math.min(now + PENDING_REQUEST_TTL_MS, device.expiresAt.getTime())),
    });
    return requestId;
  }

  /** POST /authorize/finalize: consumes the pending request and returns where the browser goes next. */
  async finalize(
    input: FinalizeInput,
    session: Session,
    browserHash: string | null,
    from?: Pick<FastifyRequest, 'ip' | 'headers'>,
  ): Promise<{ redirectUri: string }> {
    const { client, request } = await this.loadPending(input.requestId, browserHash);
    if (!this.loginSatisfied(request, session)) {
      throw oauthApiError('login_required', 'sign in again to continue this request');
    }
    if (request.deviceAuthorizationId !== undefined) {
      return this.finalizeDevice(input, client, request, request.deviceAuthorizationId, session, from);
    }
    const deliversKey = input.zkKeyHash !== undefined || input.drkHash !== undefined;
    if (input.zkEnvelopeId !== undefined && (input.decision !== 'approve' || !deliversKey)) {
      throw appError('invalid_request', 'zk_envelope_id comes only with an approval that delivers a key');
    }
    let organization: OrganizationResolution = { kind: 'none' };
    if (input.decision === 'approve') {
      this.checkKeyDelivery(client, request, input);
      if (deliversKey && client.zkKeyScope === 'organization' && input.organizationId === undefined) {
        // The browser derived the key for one organization (docs/zk.md §2.2); it names it, so the code's
        // organization context is the key's even if the user's memberships changed since the page loaded.
        throw oauthApiError(
          'organization_required',
          "this application's key is made per organization: send the organization_id it was made for",
        );
      }
      organization = await this.organizationAtFinalize(client, request, session.userId, input.organizationId);
      // Under the unlock policy of the organization the key is delivered for (docs/zk.md §8.1).
      if (deliversKey && organization.kind !== 'refused') {
        await this.keyDelivery.beforeDelivery(
          session.userId,
          input.zkEnvelopeId,
          organization.kind === 'chosen' ? organization.organizationId : null,
        );
      }
    } else {
      // Leaving the hosted UI's "no organization" page: the application hears that reason, not a plain denial.
      const resolution = await resolveOrganization(
        this.organizations,
        client,
        request.organizationId,
        session.userId,
      );
      if (resolution.kind === 'refused' && resolution.reason === 'no_organization') organization = resolution;
    }
    const requestIdHash = hashToken(input.requestId);
    if (input.decision === 'deny' || organization.kind === 'refused') {
      if (!(await this.store.consumeAuthorizationRequest(requestIdHash, new Date())))
        throw await this.notConsumable(requestIdHash);
      const description =
        organization.kind === 'refused' ? organization.description : 'the user denied the request';
      return {
        redirectUri: this.errorLocation(request.redirectUri, request.state, 'access_denied', description),
      };
    }
    // The request consumed, the consent remembered and the code issued: one statement, all or nothing.
    const { code, row } = this.newCode(client, request, session, {
      ...input,
      organizationId: organization.kind === 'chosen' ? organization.organizationId : null,
    });
    if (!(await this.store.approveAuthorizationRequest(requestIdHash, row, new Date())))
      throw await this.notConsumable(requestIdHash);
    const redirectUri = this.codeLocation(request, code);
    if (deliversKey) await this.keyDelivery.delivered(session.userId, input.zkEnvelopeId);
    return { redirectUri };
  }

  /**
   * The user's decision on a device's request (RFC 8628 §3.3): approved (with the organization chosen, as for an app)
   * or denied, recorded on the device authorization for the device's next poll. The browser goes to the device page,
   * which says which. No key is delivered to a device (docs/device-flow.md#zero-knowledge-clients).
   */
  private async finalizeDevice(
    input: FinalizeInput,
    client: Client,
    request: PendingRequest,
    deviceAuthorizationId: string,
    session: Session,
    from: Pick<FastifyRequest, 'ip' | 'headers'> | undefined,
  ): Promise<{ redirectUri: string }> {
    if (input.zkKeyHash !== undefined || input.drkHash !== undefined || input.zkEnvelopeId !== undefined) {
      throw appError('invalid_request', 'a device authorization delivers no key');
    }
    const organization =
      input.decision === 'approve'
        ? await this.organizationAtFinalize(client, request, session.userId, input.organizationId)
        : ({ kind: 'none' } as const);
    const approve = input.decision === 'approve' && organization.kind !== 'refused';
    const requestIdHash = hashToken(input.requestId);
    await this.devices.decide({
      deviceAuthorizationId,
      client,
      scope: request.scope,
      session,
      approve,
      organizationId: organization.kind === 'chosen' ? organization.organizationId : null,
      consumeRequest: async () => {
        if (!(await this.store.consumeAuthorizationRequest(requestIdHash, new Date())))
          throw await this.notConsumable(requestIdHash);
      },
      request: from,
    });
    return {
      redirectUri: authorizationResponseUrl(request.redirectUri, { result: approve ? 'approved' : 'denied' }),
    };
  }

  /**
   * The organization of an approval: the one the user picked on the consent page (which must be one of theirs, and
   * the one the application asked for if it asked), or else the one settled by the rules of resolveOrganization.
   */
  private async organizationAtFinalize(
    client: Client,
    request: PendingRequest,
    userId: string,
    picked: string | undefined,
  ): Promise<OrganizationResolution> {
    if (picked === undefined) {
      const resolution = await resolveOrganization(
        this.organizations,
        client,
        request.organizationId,
        userId,
      );
      if (resolution.kind === 'choose')
        throw oauthApiError('organization_required', 'choose one of your organizations to continue');
      return resolution;
    }
    if (request.organizationId !== null && picked !== request.organizationId) {
      throw oauthApiError('organization_mismatch', 'the application asked for another organization');
    }
    const choices = await this.organizations.choicesFor(userId);
    if (!choices.some((choice) => choice.id === picked))
      throw oauthApiError('invalid_organization', 'you are not a member of this organization');
    return { kind: 'chosen', organizationId: picked };
  }

  /** Spec §3: v2 ZK requests need zk_key_hash; drk_hash belongs to explicit legacy v1 clients only. */
  private checkKeyDelivery(client: Client, request: PendingRequest, input: FinalizeInput): void {
    if (input.drkHash !== undefined && client.zkDelivery !== 'legacy-v1') {
      throw oauthApiError('drk_hash_not_allowed', 'drk_hash is accepted only from legacy v1 applications');
    }
    if (input.drkHash !== undefined && request.zkPub === null) {
      throw oauthApiError('drk_hash_not_allowed', 'this request does not deliver a legacy key');
    }
    if (input.zkKeyHash !== undefined && (client.zkDelivery !== 'v2' || request.zkPub === null)) {
      throw oauthApiError('zk_key_hash_not_allowed', 'this request does not deliver a v2 key');
    }
    if (client.zkDelivery === 'v2' && request.zkPub !== null) {
      if (input.zkKeyHash === undefined)
        throw oauthApiError('zk_key_hash_required', 'zk_key_hash is required for this request');
      if (!HASH_VALUE.test(input.zkKeyHash))
        throw appError('invalid_request', 'zk_key_hash must be a base64url SHA-256');
    }
    if (client.zkDelivery === 'legacy-v1' && request.zkPub !== null) {
      if (input.drkHash === undefined)
        throw oauthApiError('drk_hash_required', 'drk_hash is required for this request');
      if (!HASH_VALUE.test(input.drkHash))
        throw appError('invalid_request', 'drk_hash must be a base64url SHA-256');
    }
  }

  /** A code issued at once, without a pending request (a signed-in browser whose consent covers the request). */
  private async issueCode(
    client: Client,
    request: ValidatedRequest,
    session: Session,
    delivery: { organizationId: string | null },
  ): Promise<string> {
    const { code, row } = this.newCode(client, request, session, delivery);
    await this.store.createCode(row);
    return this.codeLocation(request, code);
  }

  /** A new code and the row that stores it (by its hash), for the session's sign-in. */
  private newCode(
    client: Client,
    request: ValidatedRequest,
    session: Session,
    delivery: { organizationId: string | null; zkKeyHash?: string; drkHash?: string },
  ) {
    const code = randomToken();
    const row = {
      codeHash: hashToken(code),
      clientId: client.id,
      userId: session.userId,
      sessionId: session.id,
      redirectUri: request.redirectUri,
      scope: request.scope,
      codeChallenge: request.codeChallenge,
      nonce: request.nonce,
      authTime: session.authTime,
      amr: session.amr,
      acr: session.acr,
      // Fixed here for the code and the refresh family it starts (docs/organizations.md).
      organizationId: delivery.organizationId,
      zkKeyHash: delivery.zkKeyHash ?? null,
      zkDrkHash: delivery.drkHash ?? null,
      // RFC 9449 §10: only a proof of this key redeems the code.
      dpopJkt: request.dpopJkt ?? null,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    };
    return { code, row };
  }

  /** RFC 9207: iss in every authorization response. */
  private codeLocation(request: ValidatedRequest, code: string): string {
    return authorizationResponseUrl(request.redirectUri, { code, state: request.state, iss: this.issuerUrl });
  }

  private errorLocation(
    redirectUri: string,
    state: string | null,
    error: AuthorizationErrorCode,
    description: string,
  ): string {
    return authorizationResponseUrl(redirectUri, {
      error,
      error_description: sanitizeErrorDescription(description),
      state,
      iss: this.issuerUrl,
    });
  }
}
