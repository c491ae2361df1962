import { parseArgs } from 'node:util';
import * as opaque from '@serenity-kit/opaque';
import { Value } from 'typebox/value';
import type { ControlChannel } from '../control/protocol.js';
import { ADMIN_NAME_MAX, AdminName, PRODUCT_NAME_MAX, ProductName } from './install-schemas.js';

async function readPassword(): Promise<string> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const password = input.split(/\r?\n/)[0] ?? '';
  if (password.length < 8)
    throw new Error('the admin password (first line of standard input) needs at least 8 characters');
  return password;
}

/** Runs the same steps as the install UI: OPAQUE registration of the first admin, then completion. */
export async function runInstallCommand(channel: ControlChannel, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      'admin-email': { type: 'string' },
      'admin-name': { type: 'string', default: '' },
      'base-url': { type: 'string' },
      'product-name': { type: 'string', default: 'Tessera' },
      'self-registration': { type: 'boolean', default: false },
    },
  });
  // The install page's limits, checked before anything else so a bad choice never costs a password prompt.
  if (!Value.Check(ProductName, values['product-name']))
    throw new Error(`--product-name must be 1 to ${PRODUCT_NAME_MAX} characters`);
  if (!Value.Check(AdminName, values['admin-name']))
    throw new Error(`--admin-name must be at most ${ADMIN_NAME_MAX} characters`);
  const email = values['admin-email'] ?? '';
  const baseUrl = values['base-url'] ?? null;
  // Refuse a bad choice or an installed service before asking for the password (the email's and the base URL's
  // form before any database is opened: control/operations.ts, checkedOperation).
  await channel.call('install.check', { admin_email: email, base_url: baseUrl });
  const password = await readPassword();

  await opaque.ready;
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  const started = (await channel.call('install.register', {
    admin_email: email,
    registration_request: registrationRequest,
  })) as { registration_id: string; registration_response: string };
  const { registrationRecord } = opaque.client.finishRegistration({
    clientRegistrationState,
    registrationResponse: started.registration_response,
    password,
  });
  const installed = (await channel.call('install.complete', {
    registration_id: started.registration_id,
    registration_record: registrationRecord,
    admin_name: values['admin-name']!,
    base_url: baseUrl,
    product_name: values['product-name']!,
    self_registration: values['self-registration']!,
  })) as { email: string; admin_url: string };
  process.stdout.write(
    `installed: first admin ${installed.email} (write); sign in at ${installed.admin_url}/\n`,
  );
}
