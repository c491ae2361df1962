import type { AdminMessages } from '../message-types';

/** The admin portal's text for permissions: every key starts with `permissions.` (admin/i18n/messages.test.ts). */
export const permissionsMessages = {
  // Words used across the permission pages
  'permissions.breadcrumb': 'All permissions',
  'permissions.kind.builtIn': 'built-in',
  'permissions.kind.custom': 'custom',

  // The list (PermissionsPage)
  'permissions.list.title': 'Permissions',
  'permissions.list.deleted.title': 'Permission deleted',
  'permissions.list.deleted.body': '{key} is gone; the roles that granted it no longer do.',
  'permissions.list.intro':
    '{roles} grant permissions. A token carries a permission in {claim} only when the member holds it and the app asked for a scope with the same key (list the key among the client’s scopes). The built-in permissions cannot be changed.',
  'permissions.list.intro.rolesLink': 'Roles',
  'permissions.list.failed': 'The permissions could not be loaded',
  'permissions.list.caption': 'Permissions',
  'permissions.list.column.key': 'Key',
  'permissions.list.column.description': 'Description',
  'permissions.list.column.kind': 'Kind',
  'permissions.list.created': 'The permission {key} is created.',

  // Adding a permission (CreatePermissionForm)
  'permissions.create.heading': 'Add a permission',
  'permissions.create.failed': 'The permission was not created',
  'permissions.create.key': 'Permission key',
  'permissions.create.keyHint':
    'For example billing:read. Apps ask for it as a scope of the same name. It cannot change later.',
  'permissions.create.description': 'Description (optional)',
  'permissions.create.submit': 'Add permission',
  'permissions.create.busy': 'Adding…',

  // One permission (PermissionDetailPage)
  'permissions.detail.loadingTitle': 'Permission',
  'permissions.detail.failed': 'The permission could not be loaded',
  'permissions.detail.kind': 'Kind',
  'permissions.detail.grantedBy': 'Granted by',
  'permissions.detail.grantedByNone': 'no role',
  'permissions.detail.builtIn':
    'This is a built-in permission: it cannot be changed or deleted. {description}',
  'permissions.edit.heading': 'Description',
  'permissions.edit.field': 'What it allows',
  'permissions.edit.saved': 'The description is saved.',
  'permissions.edit.failed': 'The description was not saved',
  'permissions.edit.submit': 'Save description',
  'permissions.delete.heading': 'Delete this permission',
  'permissions.delete.explanation': 'Every role that grants it stops granting it. It cannot be undone.',
  'permissions.delete.label': 'Delete permission',
  'permissions.delete.question': 'Delete the permission {key} for good?',
  'permissions.delete.failed': 'The permission was not deleted',
} as const satisfies AdminMessages;
