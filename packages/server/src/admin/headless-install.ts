import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { OpaqueMessage } from '../accounts/schemas.js';
import type { AppContext } from '../app/app-context.js';
import { Email } from '../app/ports/schemas.js';
import { parseUrl } from '../config/config.js';
import { AdminName, BaseUrlChoice, ProductName, RegistrationId } from './install-schemas.js';

/**
 * The headless install's steps on the side that holds the database (the tessera command's own process, or the
 * running server it talks to). The OPAQUE client runs in the command, so the admin password never leaves it; the
 * steps are the install UI's: register the first admin, then complete with the install choices.
 */

export const InstallCheckSchema = Type.Object(
  {
    admin_email: Type.String({ maxLength: 320 }),
    base_url: Type.Union([BaseUrlChoice, Type.Null()]),
  },
  { additionalProperties: false },
);

export const InstallRegisterSchema = Type.Object(
  {
    admin_email: Type.String({ maxLength: 320 }),
    registration_request: OpaqueMessage,
  },
  { additionalProperties: false },
);

export const InstallCompleteSchema = Type.Object(
  {
    registration_id: RegistrationId,
    registration_record: OpaqueMessage,
    admin_name: AdminName,
    base_url: Type.Union([BaseUrlChoice, Type.Null()]),
    product_name: ProductName,
    self_registration: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** The install page's rule for the first admin's email, with a message that names the command's option. */
export function checkAdminEmail(email: string): void {
  if (!Value.Check(Email, email)) throw new Error('--admin-email must be an email address');
}

/**
 * What the install's choices can be judged by without a database: the email, and the base URL's form (whether it
 * must be https depends on the environment of the side that holds the database: checkInstall).
 */
export function checkInstallChoices(input: Static<typeof InstallCheckSchema>): void {
  checkAdminEmail(input.admin_email);
  if (input.base_url === null) return;
  try {
    parseUrl(input.base_url);
  } catch (error) {
    throw new Error(`--base-url ${(error as Error).message}`);
  }
}

async function refuseWhenInstalled(context: AppContext): Promise<void> {
  if (await context.admin.install.installed()) throw new Error('the service is already installed');
}

/** Checks the choices and that the service is not installed yet, before the command asks for a password. */
export async function checkInstall(
  context: AppContext,
  input: Static<typeof InstallCheckSchema>,
): Promise<Record<string, never>> {
  checkInstallChoices(input);
  if (input.base_url !== null) context.admin.publicBaseUrl.validate(input.base_url);
  await refuseWhenInstalled(context);
  return {};
}

/** OPAQUE registration, first message: the command sends the registration request, gets the response. */
export async function startInstallRegistration(
  context: AppContext,
  input: Static<typeof InstallRegisterSchema>,
): Promise<{ registration_id: string; registration_response: string }> {
  checkAdminEmail(input.admin_email);
  await refuseWhenInstalled(context);
  const started = await context.admin.install.startAdminRegistration(
    { via: 'cli' },
    input.admin_email,
    input.registration_request,
  );
  return { registration_id: started.registrationId, registration_response: started.registrationResponse };
}

/** Creates the first (write) admin from the finished registration and records the install choices. */
export async function completeInstall(
  context: AppContext,
  input: Static<typeof InstallCompleteSchema>,
): Promise<{ email: string; admin_url: string }> {
  await refuseWhenInstalled(context);
  const { admin } = await context.admin.install.complete(
    { via: 'cli' },
    {
      registrationId: input.registration_id,
      registrationRecord: input.registration_record,
      adminName: input.admin_name,
      productName: input.product_name,
      selfRegistration: input.self_registration,
      baseUrl: input.base_url,
    },
  );
  return { email: admin.email, admin_url: context.config.adminUrl };
}
