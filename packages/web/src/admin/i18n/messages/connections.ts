import type { AdminMessages } from '../message-types';

/**
 * The admin portal's text for every kind of connection (components/connections/: SCIM provisioning, federation):
 * every key starts with `connections.` (admin/i18n/messages.test.ts).
 */
export const connectionsMessages = {
  'connections.deleted': 'Connection deleted',
  'connections.add': 'Add a connection',
  'connections.loadFailed': 'The connections could not be loaded',
  'connections.column.name': 'Name',
  'connections.create.failed': 'The connection was not created',
  'connections.create.submit': 'Create connection',
  'connections.create.busy': 'Creating…',
  'connections.detail.loadFailed': 'The connection could not be loaded',
  'connections.detail.created': 'Connection created',
  'connections.delete.heading': 'Delete this connection',
  'connections.delete.label': 'Delete connection',
  'connections.delete.failed': 'The connection was not deleted',
  'connections.settings.heading': 'Settings',
  'connections.settings.failed': 'The changes were not saved',
  'connections.settings.submit': 'Save settings',
} as const satisfies AdminMessages;
