import type { AdminMessages } from '../message-types';

/** The admin portal's text for roles: every key starts with `roles.` (admin/i18n/messages.test.ts). */
export const rolesMessages = {
  // Words used across the role pages
  'roles.breadcrumb': 'All roles',
  'roles.kind.builtIn': 'built-in',
  'roles.kind.custom': 'custom',

  // The list (RolesPage)
  'roles.list.title': 'Roles',
  'roles.list.deleted.title': 'Role deleted',
  'roles.list.deleted.body': '{key} is gone; members who held it lost it.',
  'roles.list.intro':
    'A member holds roles in each organization, and the roles grant {permissions}. Tokens carry the role keys in {claim}. The built-in roles cannot be changed.',
  'roles.list.intro.permissionsLink': 'permissions',
  'roles.list.failed': 'The roles could not be loaded',
  'roles.list.caption': 'Roles',
  'roles.list.column.name': 'Name',
  'roles.list.column.key': 'Key',
  'roles.list.column.permissions': 'Permissions',
  'roles.list.column.kind': 'Kind',
  'roles.list.noPermissions': 'none',
  'roles.list.created': 'The role {key} is created.',

  // Adding a role (CreateRoleForm)
  'roles.create.heading': 'Add a role',
  'roles.create.failed': 'The role was not created',
  'roles.create.key': 'Role key',
  'roles.create.keyHint': 'What tokens carry in roles, e.g. billing-manager. It cannot change later.',
  'roles.create.submit': 'Add role',
  'roles.create.busy': 'Adding…',

  // Role and permission keys (KeyField)
  'roles.key.missing': 'Enter a key.',
  'roles.key.invalid':
    'Start with a lower-case letter; then use lower-case letters, digits and . _ : - (at most 64 in all).',

  // The name, description and permissions (RoleFields)
  'roles.fields.name': 'Role name',
  'roles.fields.nameMissing': 'Enter the role’s name.',
  'roles.fields.description': 'Description (optional)',
  'roles.fields.permissions': 'Permissions',
  'roles.fields.permissionsHint':
    'What members with this role may do. Apps see a permission in tokens only when they ask for it as a scope.',
  'roles.fields.noPermissions': 'There are no permissions to choose from yet.',

  // One role (RoleDetailPage)
  'roles.detail.loadingTitle': 'Role',
  'roles.detail.failed': 'The role could not be loaded',
  'roles.detail.key': 'Key',
  'roles.detail.kind': 'Kind',
  'roles.detail.builtIn':
    'This is a built-in role: it cannot be changed or deleted. It grants {permissions}.',
  'roles.detail.grantsNothing': 'no permission',
  'roles.edit.heading': 'Role',
  'roles.edit.saved': 'The changes are saved. Members see them in their tokens from their next refresh.',
  'roles.edit.failed': 'The changes were not saved',
  'roles.edit.permissionsFailed': 'The permissions could not be loaded',
  'roles.edit.submit': 'Save role',
  'roles.delete.heading': 'Delete this role',
  'roles.delete.explanation': 'Members who hold it lose it in every organization. It cannot be undone.',
  'roles.delete.label': 'Delete role',
  'roles.delete.question': 'Delete the role {key} for good?',
  'roles.delete.failed': 'The role was not deleted',
} as const satisfies AdminMessages;
