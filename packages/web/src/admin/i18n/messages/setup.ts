import type { AdminMessages } from '../message-types';

/** The admin portal's text for setup: every key starts with `setup.` (admin/i18n/messages.test.ts). */
export const setupMessages = {
  // The install page around the wizard (SetupPage, TokenEntry, InstallOutcome).
  'setup.title': 'Install Tessera',
  'setup.checking': 'Checking the install link…',
  'setup.startFailed': 'The install page could not start',
  'setup.tryAgain': 'Try again',
  'setup.token.invalid': 'This install link does not work',
  'setup.token.intro': 'To install, open the install link the service printed when it started.',
  'setup.token.label': 'Install link or token',
  'setup.token.hint': 'The service prints it once at start: First-run install: …/setup#token=…',
  'setup.token.error': 'Paste the whole install link, or the token after “#token=”.',
  'setup.token.continue': 'Continue',
  'setup.alreadyInstalled.title': 'Tessera is installed',
  'setup.alreadyInstalled.body': 'This service is already installed, so the install page is closed for good.',
  'setup.alreadyInstalled.signIn': 'Go to sign-in',
  'setup.installed.heading': 'Tessera is installed',
  'setup.installed.body': 'The admin account {email} is ready and this install page is now closed.',
  'setup.installed.restart': 'The new public address takes effect when you restart the service.',
  'setup.installed.signIn': 'Continue to sign in',

  // The wizard (InstallWizard).
  'setup.steps.label': 'Install steps',
  'setup.steps.administrator': 'Administrator',
  'setup.steps.service': 'Service',
  'setup.steps.email': 'Email',
  'setup.steps.review': 'Review',
  'setup.steps.heading': 'Step {number} of {total}: {name}',
  'setup.continue': 'Continue',
  'setup.install': 'Install',
  'setup.installing': 'Installing…',
  'setup.back': 'Back',

  // Step 1 (AdministratorStep).
  'setup.administrator.intro':
    'The first administrator can do everything here, including adding more admins.',
  'setup.administrator.email.label': 'Admin email address',
  'setup.administrator.name.label': 'Your name (optional)',
  'setup.administrator.password.label': 'Admin password',
  'setup.administrator.password.hint':
    '{rule} It never leaves this browser: the server stores only an OPAQUE record.',

  // Step 2 (ServiceStep).
  'setup.service.productName.label': 'Product name',
  'setup.service.productName.hint': 'Shown to people on the sign-in pages and in emails.',
  'setup.service.productName.error': 'Enter the name people will see.',
  'setup.service.baseUrl.label': 'Public address (optional)',
  'setup.service.baseUrl.hint':
    'The address apps and people use, e.g. https://id.example.com. It becomes the issuer and takes effect when the service restarts. Leave empty to keep the configured one.',
  'setup.service.registration.legend': 'Who may create accounts?',
  'setup.service.registration.closed.label': 'Only administrators',
  'setup.service.registration.closed.hint':
    'Admins create accounts here; the sign-in page offers no registration.',
  'setup.service.registration.open.label': 'Anyone, from the sign-in page',
  'setup.service.registration.open.hint':
    'People create their own accounts (and confirm their email address when email is set up).',

  // Step 3 (SmtpStep, SmtpTestMessage).
  'setup.smtp.intro':
    'Email lets people confirm their address and reset a forgotten password. You can also set it up later under Settings.',
  'setup.smtp.configure': 'Set up email (SMTP) now',
  'setup.smtp.legend': 'SMTP server',
  'setup.smtp.host.label': 'Host',
  'setup.smtp.host.error': 'Enter the SMTP server’s host name.',
  'setup.smtp.port.label': 'Port',
  'setup.smtp.port.error': 'Enter a port from 1 to 65535.',
  'setup.smtp.security.label': 'Connection security',
  'setup.smtp.security.starttls': 'STARTTLS (usually port 587)',
  'setup.smtp.security.tls': 'TLS from the start (usually port 465)',
  'setup.smtp.security.none': 'None (only for a relay on this machine)',
  'setup.smtp.user.label': 'User name (optional)',
  'setup.smtp.password.label': 'SMTP password (optional)',
  'setup.smtp.password.hint': 'Stored encrypted; never shown again.',
  'setup.smtp.from.label': 'Sender address',
  'setup.smtp.from.hint': 'For example: Acme ID <id@acme.example>',
  'setup.smtp.from.error': 'Enter the sender address, like “Acme ID <id@acme.example>”.',
  'setup.smtp.test.to': 'Send a test email to',
  'setup.smtp.test.send': 'Send test email',
  'setup.smtp.test.sending': 'Sending…',
  'setup.smtp.test.sent.title': 'Test email sent',
  'setup.smtp.test.sent.body': 'Check that it arrived at {address}.',
  'setup.smtp.test.failed': 'The test email could not be sent',

  // Step 4 (ReviewStep).
  'setup.review.intro':
    'Check your choices. Installing creates the admin account and closes this install page for good.',
  'setup.review.admin': 'Admin',
  'setup.review.productName': 'Product name',
  'setup.review.baseUrl': 'Public address',
  'setup.review.baseUrl.unchanged': 'unchanged',
  'setup.review.accounts': 'Accounts',
  'setup.review.accounts.open': 'Anyone may register',
  'setup.review.accounts.closed': 'Created by administrators',
  'setup.review.email': 'Email',
  'setup.review.email.none': 'Not configured yet',
  'setup.review.failed': 'The install did not finish',
  'setup.review.checkStep': 'Go back and check the step the message names.',
  'setup.service.baseUrlNoun': 'address',
} as const satisfies AdminMessages;
