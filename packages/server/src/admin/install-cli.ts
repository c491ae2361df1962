import { parseArgs } from 'node:util';
import * as opaque from '@serenity-kit/opaque';
import { normalizeEmail } from '../accounts/users.js';
import type { AppContext } from '../app/app-context.js';
import { adminUsers } from '../db/schema/index.js';

export const INSTALL_HELP = `Usage: tessera install --admin-email EMAIL [options] < password-file

Installs the service headlessly: creates the first (write) admin, whose password is read from
standard input (first line; the OPAQUE client runs in this process, the password is never stored),
and records the install choices. Fails if the service is already installed.

Options:
  --admin-email EMAIL     The first admin's email (required)
  --admin-name NAME       The first admin's name
  --base-url URL          Public base URL (issuer); applies from the next start unless TESSERA_BASE_URL is set
  --product-name NAME     Product name shown in the UI (default: Tessera)
  --self-registration     Let anyone create an account from the sign-in page
  --help                  Show this help`;

async function readPassword(): Promise<string> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const password = input.split(/\r?\n/)[0] ?? '';
  if (password.length < 8)
    throw new Error('the admin password (first line of standard input) needs at least 8 characters');
  return password;
}

/** Runs the same steps as the install UI: token, OPAQUE registration of the first admin, completion. */
export async function runInstallCommand(context: AppContext, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      'admin-email': { type: 'string' },
      'admin-name': { type: 'string' },
      'base-url': { type: 'string' },
      'product-name': { type: 'string', default: 'Tessera' },
      'self-registration': { type: 'boolean', default: false },
    },
  });
  const email = values['admin-email'];
  if (!email || !/^[^\s@<>"]+@[^\s@<>"]+$/.test(email))
    throw new Error('--admin-email must be an email address');
  const baseUrl = values['base-url'] ? context.admin.publicBaseUrl.validate(values['base-url']) : null;
  const token = await context.admin.install.issueToken();
  if (!token) throw new Error('the service is already installed');
  const password = await readPassword();

  await opaque.ready;
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  const started = await context.admin.passwords.startRegistration(
    { email },
    registrationRequest,
    'admin_set',
  );
  const { registrationRecord } = opaque.client.finishRegistration({
    clientRegistrationState,
    registrationResponse: started.registrationResponse,
    password,
  });
  const registration = await context.admin.passwords.consumeRegistration(
    started.registrationId,
    registrationRecord,
    'admin_set',
  );
  await context.admin.install.complete(token, async (tx) => {
    await tx.insert(adminUsers).values({
      id: registration.userId,
      email: registration.email,
      emailNormalized: normalizeEmail(registration.email),
      name: values['admin-name'] ?? '',
      role: 'write',
      opaqueRecord: registrationRecord,
    });
  });
  await context.settings.set('product.name', values['product-name']!);
  await context.settings.set('accounts.self_registration', values['self-registration']!);
  if (baseUrl) await context.admin.publicBaseUrl.save(baseUrl);
  await context.audit.record({
    action: 'install.completed',
    outcome: 'success',
    actor: { type: 'installer' },
    target: { type: 'admin_user', id: registration.userId },
    details: { via: 'cli', base_url: baseUrl },
  });
  process.stdout.write(
    `installed: first admin ${registration.email} (write); sign in at ${context.config.adminUrl}/\n`,
  );
}
