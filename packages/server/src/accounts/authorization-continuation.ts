import type { FastifyRequest } from 'fastify';
import type { Session } from './sessions.js';
import type { SignInStatementWork } from './sign-in.js';

/** An approval planned for a session about to start (AuthorizationContinuation.planApproval). */
export interface PlannedApproval {
  /** The values of the approval's placeholders (AuthorizationContinuation.approval). */
  values: Record<string, unknown>;
  /** Where the browser goes once the approval is done: to the application, with the code. */
  redirect: string;
  /** To call once the sign-in's statement ran, whether or not it approved the request. */
  settled(): void;
}

/**
 * What approving a pending authorization request after a sign-in takes, which the oauth slice (listed after this
 * one in app/modules.ts) owns and answers when it is built (oauth/sign-in-continuation.ts); the sign-in routes
 * reach it through accounts/sign-in-continuation.ts. `request` is the sign-in's HTTP request: only the browser that
 * started an authorization request may continue it.
 */
export interface AuthorizationContinuation {
  /**
   * The approval for the session the sign-in started: the redirect, or null when the consent page has something to
   * ask.
   */
  continueAfterSignIn(requestId: string, session: Session, request: FastifyRequest): Promise<string | null>;
  /** A request the sign-in did not complete, tied to the account now signed in (it ends with its access). */
  tieToAccount(requestId: string, request: FastifyRequest, userId: string): Promise<void>;
  /**
   * continueAfterSignIn's approval as work of the sign-in's own statement, when the sign-in writes with one: it
   * consumes the request under the same condition (consent remembered or not needed), remembers the consent and
   * inserts the code, all committed with the session.
   */
  approval: SignInStatementWork;
  /**
   * The approval for a session about to start, or null when there is none to make (the consent page has something
   * to ask, or the request is unknown, used, expired or another browser's).
   */
  planApproval(requestId: string, session: Session, request: FastifyRequest): Promise<PlannedApproval | null>;
}

/**
 * The one way a sign-in continues an authorization request (`context.accounts.signInContinuation`). Like a
 * RequiredHook, a continuation nobody answers fails the sign-in that names a request instead of ignoring it.
 */
export class SignInContinuation {
  private continuation: AuthorizationContinuation | undefined;

  answerWith(continuation: AuthorizationContinuation): void {
    this.continuation = continuation;
  }

  get answered(): AuthorizationContinuation {
    if (!this.continuation) throw new Error('nothing continues authorization requests after a sign-in');
    return this.continuation;
  }
}
