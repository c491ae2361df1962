import type { AdminMessages } from './message-types';
import { accountMessages } from './messages/account';
import { adminsMessages } from './messages/admins';
import { auditMessages } from './messages/audit';
import { brandingMessages } from './messages/branding';
import { clientsMessages } from './messages/clients';
import { commonMessages } from './messages/common';
import { connectionsMessages } from './messages/connections';
import { dashboardMessages } from './messages/dashboard';
import { emailTemplatesMessages } from './messages/email-templates';
import { errorsMessages } from './messages/errors';
import { federationMessages } from './messages/federation';
import { keysMessages } from './messages/keys';
import { layoutMessages } from './messages/layout';
import { organizationsMessages } from './messages/organizations';
import { permissionsMessages } from './messages/permissions';
import { rolesMessages } from './messages/roles';
import { scimMessages } from './messages/scim';
import { secondFactorMessages } from './messages/second-factor';
import { settingsMessages } from './messages/settings';
import { setupMessages } from './messages/setup';
import { signInMessages } from './messages/sign-in';
import { tokensMessages } from './messages/tokens';
import { usersMessages } from './messages/users';
import { webhooksMessages } from './messages/webhooks';

/**
 * The admin portal's message catalog (docs/languages.md#the-admin-portal): English only, one file per area of the
 * portal under messages/, each key prefixed with its area's name so that no two files can define the same key.
 */
export const ADMIN_MESSAGE_AREAS = {
  common: commonMessages,
  layout: layoutMessages,
  errors: errorsMessages,
  'sign-in': signInMessages,
  'second-factor': secondFactorMessages,
  setup: setupMessages,
  dashboard: dashboardMessages,
  account: accountMessages,
  admins: adminsMessages,
  audit: auditMessages,
  branding: brandingMessages,
  'email-templates': emailTemplatesMessages,
  keys: keysMessages,
  settings: settingsMessages,
  clients: clientsMessages,
  webhooks: webhooksMessages,
  users: usersMessages,
  organizations: organizationsMessages,
  roles: rolesMessages,
  permissions: permissionsMessages,
  connections: connectionsMessages,
  scim: scimMessages,
  federation: federationMessages,
  tokens: tokensMessages,
} as const satisfies Record<string, AdminMessages>;

type Areas = typeof ADMIN_MESSAGE_AREAS;
type AreaMessages = { [Area in keyof Areas]: Areas[Area] }[keyof Areas];
type KeysOf<T> = T extends unknown ? keyof T : never;

/** Every key of the admin portal's catalog. */
export type AdminMessageKey = KeysOf<AreaMessages> & string;

export const ADMIN_MESSAGES: Record<AdminMessageKey, AdminMessages[string]> = Object.assign(
  {},
  ...Object.values(ADMIN_MESSAGE_AREAS),
);
