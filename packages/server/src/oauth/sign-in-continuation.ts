import type { SignInContinuation } from '../accounts/authorization-continuation.js';
import type { AuthorizeService } from './authorize-service.js';
import { approvedByConsent, approvedByConsentCtes } from './authorize-statements.js';
import { BrowserBinding } from './browser-binding.js';

/**
 * How a sign-in continues a pending authorization request (accounts/sign-in-continuation.ts, which the password,
 * passkey, second-factor and federation sign-ins call): through AuthorizeService, for the browser that presents the
 * request's binding cookie (oauth/browser-binding.ts). The accounts slice is built before this one, so this slice
 * answers its continuation when it is built.
 */
export function answerSignInContinuation(
  continuation: SignInContinuation,
  authorize: AuthorizeService,
  baseUrl: string,
): void {
  const browsers = new BrowserBinding(baseUrl);
  continuation.answerWith({
    continueAfterSignIn: (requestId, session, request) =>
      authorize.continueAfterSignIn(requestId, session, browsers.presented(request)),
    tieToAccount: (requestId, request, userId) =>
      authorize.tieToAccount(requestId, browsers.presented(request), userId),
    approval: { name: 'approving', ctes: approvedByConsentCtes, done: approvedByConsent },
    planApproval: (requestId, session, request) =>
      authorize.planApprovalAfterSignIn(requestId, session, browsers.presented(request)),
  });
}
