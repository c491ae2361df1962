/**
 * The hosted UI's messages in English: the reference catalog. Every other catalog has exactly these keys with the
 * same placeholders (i18n/catalogs.test.ts). Keys are grouped by page or component; `{name}` is a placeholder,
 * an object a set of plural forms (docs/languages.md).
 */
import { enAccount } from './account-en';

export const en = {
  // The page shell and things every page shares
  'common.siteName': 'Tessera',
  'common.loading': 'Loading…',
  'common.show': 'Show',
  'common.hide': 'Hide',
  'common.continue': 'Continue',
  'common.signIn': 'Sign in',
  'common.sending': 'Sending…',
  'common.checking': 'Checking…',
  'common.emailAddress': 'Email address',
  'common.password': 'Password',
  'common.backToSignIn': 'Back to sign-in',
  'common.goToSignIn': 'Go to sign-in',
  'common.checkYourEmail': 'Check your email',
  'common.signedInAs': 'Signed in as {name}',
  'common.nameAndEmail': '{name} ({email})',
  'language.label': 'Language',

  // Checks made before anything is sent
  'validation.emailEmpty': 'Enter your email address.',
  'validation.emailInvalid': 'Enter an email address like name@example.com.',
  'validation.passwordEmpty': 'Enter your password.',
  'validation.nameTooLong': 'Use at most {max} characters.',
  'validation.newPasswordEmpty': 'Choose a password.',
  'validation.newPasswordTooShort':
    'Use at least {min} characters. A few unrelated words make a strong password.',
  'validation.newPasswordTooLong': 'Use at most {max} characters.',
  'validation.newPasswordHint':
    'At least {min} characters. A few unrelated words are easy to remember and hard to guess.',
  'validation.samePassword': 'Choose a password different from the current one.',

  // The server's error codes in plain language (error-text.ts)
  'error.network_error': 'We could not reach the server. Check your connection and try again.',
  'error.invalid_credentials': 'The email address or password is not correct.',
  'error.email_not_verified': 'Confirm your email address first. Use the link we sent you.',
  'error.registration_closed':
    'New accounts are created by an administrator here, so you cannot create one yourself.',
  'error.email_not_configured':
    'This service cannot send email at the moment, so this step is not possible. Please contact the administrator.',
  'error.email_taken': 'An account with this email address already exists. Sign in instead.',
  'error.email_domain_federated':
    'Addresses at this domain sign in through your organization. On the sign-in page, choose “Sign in with your organization”.',
  'error.invalid_token':
    'This link is not valid any more: it was already used, has expired, or is incomplete.',
  'error.request_not_found':
    'This sign-in request is unknown, finished or has expired. Go back to the app and start again.',
  'error.request_already_used':
    'This sign-in request was already completed. Go back to the app and start again.',
  'error.request_browser_mismatch':
    'This sign-in request was started in another browser. Go back to the app in this browser and start again.',
  'error.login_required': 'Please sign in again to continue.',
  'error.not_signed_in': 'You are not signed in any more. Sign in and try again.',
  'error.second_factor_required': 'Finish signing in with the code from your authenticator app first.',
  'error.step_up_required': 'Confirm it is you with a current code from your authenticator app first.',
  'error.csrf_failed': 'Your session changed in another tab. Reload the page and try again.',
  'error.rate_limited': 'Too many attempts. Wait a moment and try again.',
  'error.invalid_user_code':
    'This code is not valid or has expired. Check the code on your device and try again.',
  'error.not_found': 'This feature is not available on this server yet.',
  'error.device_approval_not_found':
    'This approval request is no longer waiting: it expired or was already used. Start again on the new device.',
  'error.device_approval_not_allowed': 'Approving a device from another one is turned off on this server.',
  'error.too_many_device_approvals':
    'Several devices are already waiting for approval. Wait a few minutes and try again.',
  'error.last_unlock_envelope':
    'This is the last way left to unlock your key, so it cannot be removed. Add another one first.',
  'error.envelope_type_not_allowed':
    'Your organization’s policy does not allow unlocking your key this way. Use another way to unlock it, such as your recovery key, or ask your administrator.',
  'error.serverFailure': 'Something went wrong on our side. Please try again in a moment.',
  'error.otherCode': 'Something went wrong ({code}). Please try again.',
  'error.inPage': 'Something went wrong in this page. Reload it and try again.',

  // OAuth error codes on the error page (RFC 6749 §4.1.2.1)
  'oauthError.invalid_client':
    'The app that sent you here is not registered with this sign-in service, or is not allowed to use it.',
  'oauthError.invalid_request':
    'The app that sent you here made a sign-in request this service cannot accept, for example with an address to return to that the app never registered.',
  'oauthError.unauthorized_client': 'The app that sent you here is not allowed to sign you in this way.',
  'oauthError.unsupported_response_type':
    'The app that sent you here asked for a kind of sign-in this service does not offer.',
  'oauthError.invalid_scope': 'The app that sent you here asked for access this service does not offer.',
  'oauthError.access_denied': 'The sign-in was cancelled or not allowed.',
  'oauthError.server_error': 'Something went wrong on our side. Please try again later.',
  'oauthError.temporarily_unavailable':
    'The sign-in service is busy or under maintenance. Please try again in a few minutes.',
  'oauthError.fallback': 'Something went wrong with the sign-in request.',

  // The error page
  'errorPage.title': 'Sign-in could not continue',
  'errorPage.panelTitle': 'We could not complete this request',
  'errorPage.closeHint':
    'You can close this page and go back to the app. If this keeps happening, contact the app’s support.',
  'errorPage.technicalDetails': 'Technical details',
  'errorPage.errorCode': 'Error code',
  'errorPage.description': 'Description',

  // Start page and unknown pages
  'home.intro':
    'This is the {product} sign-in service. Apps that use {product} send you here to sign in, and then send you back.',
  'home.goToAccount': 'Go to your account',
  'notFound.title': 'Page not found',
  'notFound.text': 'There is no page at this address. Check the link, or start again from the beginning.',
  'notFound.startPage': 'Go to the start page',

  // Sign-in
  'signIn.title': 'Sign in',
  'signIn.continueTo': 'Sign in to continue to {client}.',
  'signIn.signingIn': 'Signing in…',
  'signIn.failedTitle': 'We could not sign you in',
  'signIn.invalidCredentials': 'The email address or password is not correct. Check them and try again.',
  'signIn.confirmFirstTitle': 'Confirm your email address first',
  'signIn.confirmFirstText':
    'Open the link we sent to {email} to confirm it, then sign in. The link may take a few minutes to arrive; check your spam folder too.',
  'signIn.forgotPassword': 'Forgot your password?',
  'signIn.createAccount': 'Create an account',
  'passkey.signIn': 'Sign in with a passkey',
  'passkey.waiting': 'Waiting for your passkey…',
  'passkey.failedTitle': 'We could not sign you in with a passkey',
  'passkey.rejectedFor': 'This passkey is not registered for {email}, or it could not be verified.',
  'passkey.rejected': 'This passkey is not registered for an account here, or it could not be verified.',
  'organizationSignIn.open': 'Sign in with your organization',
  'organizationSignIn.noSsoTitle': 'No single sign-on for this address',
  'organizationSignIn.noSsoText':
    'Your organization does not sign in through its own provider here: use your password below.',
  'organizationSignIn.failedTitle': 'We could not check your address',
  'organizationSignIn.workEmail': 'Work email',
  'resend.sentTitle': 'We sent a new link',
  'resend.sentText': 'If {email} still needs confirming, a new link is on its way. Open it, then sign in.',
  'resend.failedTitle': 'We could not send the link',
  'resend.button': 'Send the link again',

  // Registration
  'register.title': 'Create an account',
  'register.closedTitle': 'You cannot create an account here',
  'register.closedText':
    'New accounts on this service are created by an administrator. Ask them for an account, or sign in if you already have one.',
  'register.oneMoreStep': 'One more step',
  'register.sentText':
    'We sent a link to {email}. Open it to confirm your address, then sign in. The link works once and expires in 24 hours.',
  'register.noEmail': 'No email after a few minutes? Check your spam folder, or:',
  'register.takenTitle': 'This email address already has an account',
  'register.takenText': '{signIn} instead, or {reset} if you forgot it.',
  'register.takenSignIn': 'Sign in',
  'register.resetLink': 'reset your password',
  'register.failedTitle': 'We could not create your account',
  'register.name': 'Your name',
  'register.nameHint': 'Optional. Apps you sign in to may show it.',
  'register.creating': 'Creating your account…',
  'register.submit': 'Create account',
  'register.haveAccount': 'Already have an account?',

  // Password reset request
  'forgot.title': 'Reset your password',
  'forgot.sentTitle': 'Reset link sent',
  'forgot.sentText':
    'If {email} belongs to an account, we sent it a link to choose a new password. The link works once and expires in an hour.',
  'forgot.noEmail': 'No email after a few minutes? Check your spam folder, or try again later.',
  'forgot.intro':
    'Enter the email address of your account. We will send you a link to choose a new password.',
  'forgot.failedTitle': 'We could not send the link',
  'forgot.submit': 'Send reset link',

  // Sign-out
  'logout.signedOutTitle': 'You are signed out',
  'logout.signedOut': 'Signed out',
  'logout.signedOutText': 'You are signed out of your account on this device. You can close this page.',
  'logout.signInAgain': 'Sign in again',
  'logout.title': 'Sign out?',
  'logout.checkFailed': 'We could not check whether you are signed in',
  'logout.question': 'You are signed in as {user}. Do you want to sign out on this device?',
  'logout.stay': 'Stay signed in',

  // Consent
  'authorize.title': 'Allow access',
  'authorize.notFoundTitle': 'Sign-in request not found',
  'authorize.incompleteTitle': 'This link is incomplete',
  'authorize.incompleteText': 'Go back to the app and start signing in again.',
  'authorize.cannotContinue': 'We cannot continue this sign-in',
  'authorize.closeHint': 'You can close this page and go back to the app.',
  'authorize.membershipRequiredTitle': 'Organization membership required',
  'authorize.continuing': 'Continuing to {client}…',
  'authorize.wantsAccess': '{client} wants to use your account.',
  'authorize.signedInAs': 'Signed in as {user}.',
  'authorize.notYou': 'Not you? Use another account',
  'authorize.failedTitle': 'We could not finish this step',
  'authorize.scopesHeading': 'If you approve, {client} can:',
  'authorize.memberOf': 'Continue as a member of',
  'authorize.returnTo': 'You will then go back to {origin}.',
  'authorize.approve': 'Approve',
  'authorize.approving': 'Approving…',
  'authorize.deny': 'Deny',
  'authorize.denying': 'Denying…',
  'authorize.keyCreatedTitle': 'Your encryption key is set up',
  'authorize.keyCreatedText': '{client} will receive its key when you approve. Keep your recovery key safe.',
  'authorize.newKeyTitle': 'You have a new encryption key',
  'authorize.newKeyText':
    '{client} will receive a new key. Data it encrypted with your old key cannot be opened any more. Keep your new recovery key safe.',
  'authorize.keyUnlockedTitle': 'Your encryption key is unlocked',
  'authorize.keyUnlockedText': '{client} will receive its key when you approve.',
  'authorize.membersOnly': '{client} can only be used as a member of an organization.',
  'authorize.noOrganizationTitle': 'You are not a member of any organization',
  'authorize.noOrganizationText':
    'You are signed in as {email}, and this account does not belong to any organization, so you cannot continue to {client}.',
  'authorize.askForInvite':
    'Ask someone who manages your organization to invite you. Once you have accepted the invitation, sign in to {client} again.',
  'authorize.backFailedTitle': 'We could not take you back to the app',
  'authorize.refusalReturn': 'You will go back to {origin}, which will be told that you could not continue.',
  'authorize.returning': 'Returning…',
  'authorize.backTo': 'Back to {client}',
  // The device page (RFC 8628): a code shown by a TV or console, entered here
  'device.title': 'Connect a device',
  'device.intro': 'Enter the code shown on your TV, console or other device to sign it in with your account.',
  'device.codeLabel': 'Code from your device',
  'device.codeHint':
    'Eight letters, such as BCDF-GHJK. Capitals, small letters and the hyphen do not matter.',
  'device.codeEmpty': 'Enter the code shown on your device.',
  'device.submit': 'Continue',
  'device.failedTitle': 'We could not use this code',
  'device.approvedTitle': 'Your device is connected',
  'device.approvedText':
    'Go back to your device: it continues by itself in a few seconds. You can close this page.',
  'device.deniedTitle': 'Access denied',
  'device.deniedText': 'The device was not given access to your account. You can close this page.',
  'device.anotherCode': 'Enter another code',
  'device.consentNoticeTitle': 'Is this your device?',
  'device.consentNotice':
    'A device asked to be signed in with your account. Approve only if you started this on a device you are using yourself and typed the code it shows. If you approve, {client} on that device can do what is listed above.',
  'scope.openid': 'Sign you in with your account',
  'scope.profile': 'Read your name',
  'scope.email': 'Read your email address and whether it is verified',
  'scope.offline_access': 'Stay signed in when you are not using the app',
  // Password reset from the emailed link
  'reset.title': 'Reset your password',
  'reset.invalidTitle': 'This reset link does not work',
  'reset.invalidText':
    'It was already used, has expired, or is incomplete. Reset links work once, for an hour.',
  'reset.askAgain': 'Ask for a new link',
  'reset.doneTitle': 'Password changed',
  'reset.doneNotice': 'Your new password is set',
  'reset.doneText': 'For your safety you were signed out everywhere. Sign in with your new password.',
  'reset.checking': 'Checking your link…',
  'reset.chooseTitle': 'Choose a new password',
  'reset.failedTitle': 'We could not set your new password',
  'reset.account': 'Account',
  'reset.newPassword': 'New password',
  'reset.saving': 'Saving…',
  'reset.submit': 'Set new password',

  // The pages the confirmation emails link to
  'verify.title': 'Confirm your email address',
  'verify.incompleteTitle': 'This link is incomplete',
  'verify.incompleteText': 'Open the link from the email exactly as it is, or ask for a new one below.',
  'verify.confirming': 'Confirming your email address…',
  'verify.failedTitle': 'We could not confirm your email address',
  'verify.usedText':
    'This link was already used or has expired. If you already confirmed your address, just sign in.',
  'verify.doneTitle': 'Email address confirmed',
  'verify.thankYou': 'Thank you',
  'verify.doneText': 'Your email address is confirmed. You can sign in now.',
  'verify.sentText': 'If {email} still needs confirming, a new link is on its way.',
  'verify.newLinkHeading': 'Get a new link',
  'verify.sendNewLink': 'Send a new link',
  'confirmEmail.title': 'Confirm your new email address',
  'confirmEmail.failedTitle': 'We could not change your email address',
  'confirmEmail.invalidText':
    'This link was already used, has expired, or is incomplete. Ask for the change again from your account page.',
  'confirmEmail.takenText':
    'Another account started using this address in the meantime, so it cannot become yours.',
  'confirmEmail.confirming': 'Confirming your new email address…',
  'confirmEmail.doneTitle': 'Email address changed',
  'confirmEmail.done': 'Done',
  'confirmEmail.doneText': 'Your account’s email address is now {email}. Use it to sign in from now on.',
  // Two-step verification at sign-in, and code fields
  'otp.title': 'Two-step verification',
  'otp.failedTitle': 'We could not continue signing in',
  'otp.signInAgainTitle': 'Sign in again',
  'otp.signInAgainText':
    'This sign-in has ended or expired. Start again with your email address and password.',
  'otp.otherAccount': 'Sign in with another account',
  'otp.enterCode': 'Enter the code from your authenticator app to finish signing in.',
  'otp.enterCodeFor': 'Enter the code from your authenticator app to finish signing in to {client}.',
  'otp.passwordAccepted': 'Password accepted for {email}.',
  'otp.lockedTitle': 'Two-step verification is locked',
  'otp.lockedUntil':
    'There were too many wrong codes, so codes are not accepted until {time}. Try again then, or ask your administrator to unlock it.',
  'otp.lockedForAWhile':
    'There were too many wrong codes, so codes are not accepted for a while. Try again later, or ask your administrator to unlock it.',
  'otp.verify': 'Verify',
  'otp.verifying': 'Verifying…',
  'otp.lostPhone': 'Lost your phone? Choose “{useBackup}” and enter one of the backup codes you saved.',
  'code.totpLabel': 'Code from your authenticator app',
  'code.totpHint': 'The 6-digit code the app shows now for this account.',
  'code.didNotWork': 'That code did not work',
  'code.backupLabel': 'Backup code',
  'code.backupHint':
    'One of the backup codes you saved when you set up two-step verification, like ABCDE-FGH23. Each works once.',
  'code.useBackup': 'Use a backup code instead',
  'code.useApp': 'Use a code from your app instead',
  'code.enterTotp': 'Enter the code from your authenticator app.',
  'code.totpDigits': 'Enter the 6-digit code from your authenticator app (digits only).',
  'code.enterBackup': 'Enter one of your backup codes.',
  'code.backupFormat': 'Enter a backup code like ABCDE-FGH23.',
  'code.invalid_otp':
    'That code is not correct, or it was already used. Enter the newest code from your app, or an unused backup code.',
  'code.otp_locked':
    'Too many wrong codes: two-step verification is locked for a while. Wait, then try again, or ask your administrator to unlock it.',
  'code.otp_not_pending': 'This setup has expired or was replaced. Start the setup again.',
  'code.otp_not_enabled': 'Two-step verification is not set up for this account.',
  'code.otp_not_required': 'You are already signed in.',
  'code.second_factor_required': 'Finish signing in with your code first.',
  'code.otp_required': 'Two-step verification is required for your account, so it cannot be turned off.',
  'code.step_up_required': 'Confirm it is you with a code from your authenticator app first.',
  // An invitation to an organization
  'invite.notFoundTitle': 'Invitation not found',
  'invite.title': 'Invitation',
  'invite.incompleteText':
    'Open the invitation link from the email again, or copy the whole link into the address bar.',
  'invite.cannotOpen': 'We cannot open this invitation',
  'invite.askAgain': 'If you still want to join, ask the person who invited you for a new invitation.',
  'invite.invite_not_found':
    'This invitation is not valid any more: it was already used, declined or withdrawn, or the link is incomplete.',
  'invite.invite_expired': 'This invitation has expired. Ask the person who invited you to send a new one.',
  'invite.invite_wrong_account':
    'This invitation is for a different email address than the account you are signed in with.',
  'invite.email_not_verified':
    'Confirm your email address first, using the link we sent you, then open this page again.',
  'invite.already_member': 'You are already a member of this organization.',
  'invite.acceptedTitle': 'Invitation accepted',
  'invite.acceptedText':
    'You are now a member of {organization}. Apps that work with organizations can now let you continue as a member of it.',
  'invite.declinedTitle': 'Invitation declined',
  'invite.declinedText': 'You declined the invitation to {organization}. The link no longer works.',
  'invite.join': 'Join {organization}',
  'invite.invites': '{organization} invites {email} to become a member.',
  'invite.roles': 'Roles',
  'invite.expired': 'Expired',
  'invite.validUntil': 'Valid until',
  'invite.expiredTitle': 'This invitation has expired',
  'invite.signInHeading': 'Sign in to answer',
  'invite.signInText':
    'Sign in with {email} (or create an account with that address). You will come back to this page to accept or decline the invitation.',
  'invite.wrongAccountTitle': 'You are signed in with a different account',
  'invite.wrongAccountText':
    'You are signed in as {signedIn}, but this invitation is for {email}. Sign out, sign in with the invited address, and open the invitation link again.',
  'invite.signOut': 'Sign out',
  'invite.failedTitle': 'We could not answer the invitation',
  'invite.accepting': 'Accepting…',
  'invite.accept': 'Accept invitation',
  'invite.declining': 'Declining…',
  'invite.decline': 'Decline',
  ...enAccount,
} as const;
