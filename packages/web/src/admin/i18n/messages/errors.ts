import type { AdminMessages } from '../message-types';

/** The admin portal's error texts: every key starts with `errors.` (admin/i18n/messages.test.ts). */
export const errorsMessages = {
  'errors.code.networkError': 'The server could not be reached. Check the connection and try again.',
  'errors.code.invalidCredentials': 'The email address or password is not correct.',
  'errors.code.adminSessionRequired': 'Your admin session has ended. Sign in again.',
  'errors.code.secondFactorRequired': 'Verify your second factor first.',
  'errors.code.writeAdminRequired': 'Your role is read-only: only write admins can change this.',
  'errors.code.csrfFailed': 'Your session changed in another tab. Reload the page and try again.',
  'errors.code.installComplete': 'This service is already installed, so the install link no longer works.',
  'errors.code.invalidInstallToken':
    'The install link is not valid: it is incomplete or has expired. Restart the service to print a new one.',
  'errors.code.emailTaken': 'An account with this email address already exists.',
  'errors.code.lastWriteAdmin':
    'There must always be at least one write admin, so this change is not possible.',
  'errors.code.registrationExpired':
    'This took too long and the server forgot the first step. Please try again.',
  'errors.code.emailNotConfigured': 'Email is not configured: set the SMTP settings first.',
  'errors.code.emailSendFailed': 'The email could not be sent. Check the SMTP settings and try again.',
  'errors.code.rateLimited': 'Too many attempts. Wait a moment and try again.',
  'errors.code.notFound': 'It does not exist (any more). It may have been deleted in the meantime.',
  'errors.code.slugTaken': 'Another organization already uses this slug. Choose another one.',
  'errors.code.lastManager':
    'This would leave the organization without an active member who can manage it. Give someone else a managing role first.',
  'errors.code.alreadyMember': 'This person is already a member of the organization.',
  'errors.code.alreadyInvited':
    'This address was invited at the same moment by someone else. Reload to see the invitation.',
  'errors.code.invitePending':
    'This member has not accepted the invitation yet, so there is nothing to suspend or reinstate.',
  'errors.code.unknownUser': 'No user has this account any more. Reload the page.',
  'errors.code.unknownRole': 'One of the roles does not exist (any more). Reload the page.',
  'errors.code.unknownPermission': 'One of the permissions does not exist (any more). Reload the page.',
  'errors.code.roleExists': 'A role with this key already exists. Choose another key.',
  'errors.code.permissionExists': 'A permission with this key already exists. Choose another key.',
  'errors.code.builtIn': 'Built-in roles and permissions cannot be changed or deleted.',
  'errors.code.invalidOtp': 'That code is not right. Use the newest code from the app, or a backup code.',
  'errors.code.otpLocked':
    'Too many wrong codes: two-step verification is locked for a while. Try again later.',
  'errors.code.otpNotPending': 'The setup expired. Reload the page and start again.',
  'errors.crossOrigin':
    'This address is not the admin portal’s configured address (TESSERA_ADMIN_URL), so changes are refused. Open the portal at its configured address.',
  'errors.serverRefused': 'The server refused it: {message}.',
  'errors.serverFailed': 'Something went wrong on the server ({code}). Try again in a moment.',
  'errors.failed': 'Something went wrong ({code}: {message}).',
  'errors.pageFailed': 'Something went wrong in this page. Reload it and try again.',
  'errors.validation.emailEmpty': 'Enter an email address.',
  'errors.validation.passwordEmpty': 'Enter the password.',
  'errors.validation.url': 'URL',
  'errors.validation.urlMalformed': 'Enter a full {what}, like https://id.example.com.',
  'errors.validation.urlNotHttps': 'Use an https {what} (http only for localhost).',
} as const satisfies AdminMessages;
