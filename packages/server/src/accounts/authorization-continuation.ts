import type { FastifyRequest } from 'fastify';
import type { Session } from './sessions.js';

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
