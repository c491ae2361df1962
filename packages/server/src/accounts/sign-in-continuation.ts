import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { SessionAccess } from '../app/access.js';
import type { AppContext } from '../app/app-context.js';
import type { PlannedApproval } from './authorization-continuation.js';
import type { SecondFactorOwed } from './second-factors.js';
import type { Session, StartedSession } from './sessions.js';
import type {
  SignInAccount,
  SignInEvidence,
  SignInStatementOutcome,
  SignInStatementPlan,
} from './sign-in.js';

/**
 * A sign-in that continues a pending authorization request: the hosted UI sends the request's id with the sign-in's
 * last step (the password's OPAQUE finish, a passkey's assertion, the second factor's code; the federation callback
 * knows it from its flow), and when nothing is left to ask the user the request is approved in the same call. A
 * returning user then reaches the application in two requests fewer: the consent page's view and its own approval.
 */
export const ContinuedRequestId = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 200,
    description:
      'The pending authorization request this sign-in is for (the request_id of /ui/sign-in or /ui/authorize): approved at once when nothing is left to ask (see authorization)',
  }),
);

export const ContinuedAuthorization = Type.Union(
  [
    Type.Object({ redirect_uri: Type.String({ description: 'To the application: code, state, iss' }) }),
    Type.Null(),
  ],
  {
    description:
      'With request_id, when the sign-in is complete (no second factor or password change owed) and the request needs nothing more from the user (consent remembered or not needed, no organization to choose, no key to deliver): the request was approved and the browser goes here. Null otherwise: continue to the consent page (/ui/authorize?request_id=...) as without request_id.',
  },
);

/**
 * What a sign-in route answers as `authorization`: the approved request's redirect, or null when there is no request,
 * the sign-in still owes a step (a second factor, which the new session says, or a password change), or the
 * consent page has something to show. The sign-in has succeeded and its cookie is set by now, so a failure here (the
 * database gone) is logged and answered as null: the browser goes on to the consent page, whose own requests then
 * report it.
 */
export async function continueAuthorization(
  context: AppContext,
  request: FastifyRequest,
  requestId: string | undefined,
  session: Session,
  passwordChangeOwed: boolean,
): Promise<{ redirect_uri: string } | null> {
  // Nothing to read while a step is owed (the service would refuse the pending second factor all the same).
  if (requestId === undefined || session.secondFactorPending || passwordChangeOwed) return null;
  const log: FastifyBaseLogger = request.log;
  try {
    const redirectUri = await context.accounts.signInContinuation.answered.continueAfterSignIn(
      requestId,
      session,
      request,
    );
    return redirectUri === null ? null : { redirect_uri: redirectUri };
  } catch (error) {
    log.error({ err: error }, 'continuing the authorization request after sign-in failed');
    return null;
  }
}

/**
 * SessionAccess.completeSignIn for a first sign-in (a password, a passkey, an identity provider's return) that may
 * name a pending request, and what the route answers for that request (`authorization`): the one path that
 * approves a request after a sign-in. A complete sign-in that starts its session with one statement approves the
 * request in that statement (AuthorizationContinuation.approval: one round trip, and the session and the approval
 * commit together); otherwise continueAuthorization approves it once the session has started, as its own statement.
 */
export async function completeSignInContinuing<A extends { id: string; email: string }>(
  context: AppContext,
  access: SessionAccess<A>,
  signIn: {
    request: FastifyRequest;
    reply: FastifyReply;
    account: A & SignInAccount;
    evidence: SignInEvidence;
    cacheMark?: number;
  },
  continued: { requestId: string | undefined; passwordChangeOwed: boolean },
): Promise<{
  started: StartedSession;
  secondFactor: SecondFactorOwed;
  authorization: { redirect_uri: string } | null;
}> {
  const { request, reply, account, evidence, cacheMark } = signIn;
  const { requestId, passwordChangeOwed } = continued;
  const continuation = context.accounts.signInContinuation.answered;
  const work: SignInStatementPlan<PlannedApproval> | undefined =
    requestId === undefined || passwordChangeOwed
      ? undefined
      : {
          work: continuation.approval,
          plan: async (session) => {
            try {
              return await continuation.planApproval(requestId, session, request);
            } catch (error) {
              // The sign-in goes on without the approval, as continueAuthorization's failure lets it.
              request.log.error({ err: error }, 'planning the authorization request approval failed');
              return null;
            }
          },
          failed: (error) =>
            request.log.error({ err: error }, 'approving the authorization request with the sign-in failed'),
        };
  const signedIn = await access.completeSignIn(request, reply, account, evidence, cacheMark, work);
  const authorization = signedIn.work
    ? approvedWithSignIn(signedIn.work)
    : await continueAuthorization(context, request, requestId, signedIn.started.session, passwordChangeOwed);
  // A request the sign-in did not complete is tied to the account now signed in
  // (docs/integration.md#pending-requests-are-bound-to-the-browser: it ends with its access).
  if (requestId !== undefined && authorization === null)
    await continuation.tieToAccount(requestId, request, signedIn.started.session.userId);
  return { started: signedIn.started, secondFactor: signedIn.secondFactor, authorization };
}

/** The `authorization` of a sign-in that asked for the approval's plan: the redirect once its statement approved. */
function approvedWithSignIn({
  planned,
  done,
}: SignInStatementOutcome<PlannedApproval>): { redirect_uri: string } | null {
  if (planned === null) return null;
  planned.settled();
  return done ? { redirect_uri: planned.redirect } : null;
}
