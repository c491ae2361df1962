import type { AdminMessages } from '../message-types';

/** The admin portal's text for scim: every key starts with `scim.` (admin/i18n/messages.test.ts). */
export const scimMessages = {
  'scim.breadcrumb': 'All SCIM connections',
  'scim.field.name': 'Name',

  // The list (pages/scim/ScimConnectionsPage.tsx).
  'scim.list.title': 'SCIM provisioning',
  'scim.list.deleted': '{name} and its tokens are gone; the accounts and memberships it made stay.',
  'scim.list.intro':
    'An identity provider such as Microsoft Entra ID or Okta creates, updates and deactivates users and groups here with SCIM 2.0. Add one connection per identity-provider app; give the app the connection’s tenant URL and one of its tokens.',
  'scim.list.empty': 'There are no SCIM connections yet.',
  'scim.list.caption': 'SCIM connections',
  'scim.list.column.organization': 'Organization ID',
  'scim.list.column.deprovisioning': 'When deprovisioned',
  'scim.list.column.created': 'Created',

  // Adding one (pages/scim/ScimConnectionCreatePage.tsx).
  'scim.create.title': 'Add a SCIM connection',
  'scim.create.choicesFailed': 'The organizations and roles could not be loaded',
  'scim.create.name.hint': 'Which identity provider app sends the users, e.g. “Entra ID – Contoso”.',
  'scim.create.name.missing': 'Enter a name, e.g. the identity provider app’s name.',
  'scim.create.organization': 'Organization',
  'scim.create.organization.hint': 'Provisioned users become members of this organization.',
  'scim.create.organization.choose': 'Choose an organization',
  'scim.create.organization.missing': 'Choose the organization it provisions into.',
  'scim.create.organizationId': 'Organization ID',
  'scim.create.organizationId.hint':
    'There are too many organizations to list: copy the ID from the organization’s page.',

  // One connection (pages/scim/ScimConnectionDetailPage.tsx).
  'scim.detail.title': 'SCIM connection',
  'scim.detail.created':
    'Create a token below, then enter the tenant URL and the token in the identity provider.',
  'scim.detail.tenantUrl': 'Tenant URL (SCIM base URL)',
  'scim.detail.organizationId': 'Organization ID',
  'scim.detail.createdAt': 'Created',
  'scim.detail.name.missing': 'Enter a name.',
  'scim.detail.saved': 'The changes are saved; the next SCIM request follows them.',
  'scim.detail.delete.explanation':
    'Its tokens stop working and its SCIM users and groups are forgotten; the accounts and memberships it made stay.',
  'scim.detail.delete.question': 'Delete “{name}” and its tokens?',

  // Its policies (pages/scim/ScimPolicyFields.tsx).
  'scim.policy.deprovisioning': 'When the identity provider deactivates or deletes a user',
  'scim.policy.deprovisioning.suspend': 'Suspend the membership',
  'scim.policy.deprovisioning.suspend.hint':
    'The user keeps the account but cannot sign in to this organization; reactivation restores it.',
  'scim.policy.deprovisioning.remove': 'Remove the membership',
  'scim.policy.deprovisioning.remove.hint': 'The user leaves the organization; the account stays.',
  'scim.policy.deprovisioning.delete': 'Delete the account',
  'scim.policy.deprovisioning.delete.hint':
    'Removes the membership, and deletes the account when it belongs to no other organization.',
  'scim.policy.linkByVerifiedEmail': 'Link users who already have an account with the same verified email',
  'scim.policy.linkByVerifiedEmail.hint':
    'Otherwise a user whose email already has an account is refused (409), and the account is left as it is.',
  'scim.policy.provisionedOnly': 'Provisioned-only sign-in',
  'scim.policy.provisionedOnly.hint':
    'In this organization, only users this connection provisioned and keeps active count as members when signing in to apps and in their tokens; members added by invitation or by hand are not accepted for it.',
  'scim.policy.unknownGroups': 'Groups no mapping below names',
  'scim.policy.unknownGroups.ignore': 'Keep them, without a role',
  'scim.policy.unknownGroups.ignore.hint': 'Members get no role from them.',
  'scim.policy.unknownGroups.reject': 'Refuse them',
  'scim.policy.unknownGroups.reject.hint': 'The identity provider’s request fails.',
  'scim.policy.unknownGroups.create': 'Give each a role of its own',
  'scim.policy.unknownGroups.create.hint': 'A new role named after the group is created.',
  'scim.policy.mappings': 'Groups that give roles',
  'scim.policy.mappings.hint':
    'Members of a matching group hold the role in this organization; membership changes apply at once.',
  'scim.policy.mappings.none': 'No group gives a role yet.',
  'scim.policy.match.displayName': 'Group name (displayName)',
  'scim.policy.match.externalId': 'Group ID in the identity provider (externalId)',
  'scim.policy.match.id': 'Tessera’s group ID (id)',
  'scim.policy.mapping.match': 'Mapping {number}: match on',
  'scim.policy.mapping.group': 'Mapping {number}: group',
  'scim.policy.mapping.role': 'Mapping {number}: role',
  'scim.policy.mapping.remove': 'Remove mapping {number}',
  'scim.policy.mapping.add': 'Add a group mapping',

  // Its organization's unlock policy (pages/scim/ScimUnlockPolicySummary.tsx).
  'scim.unlock.heading': 'Key unlock for zero-knowledge apps',
  'scim.unlock.intro':
    'The organization’s unlock policy applies to the users this connection provisions. {link}.',
  'scim.unlock.link': 'Edit it on the organization’s page',
  'scim.unlock.ways': 'Ways to unlock',
  'scim.unlock.zkRequires': 'Zero-knowledge apps need an unlocked key',
  'scim.unlock.trustedDeviceApproval': 'Trusted-device approval',
  'scim.unlock.newKeySetup': 'New-key setup',
  'scim.unlock.envelope.password': 'password',
  'scim.unlock.envelope.recoveryKey': 'recovery key',
  'scim.unlock.envelope.passkey': 'passkey',
  'scim.unlock.envelope.trustedDevice': 'trusted device',
  'scim.unlock.yes': 'Yes',
  'scim.unlock.no': 'No',

  // Its tokens (pages/scim/ScimTokensSection.tsx).
  'scim.tokens.heading': 'Tokens',
  'scim.tokens.intro':
    'The identity provider sends one of these as its bearer token (“Secret Token” in Entra ID, “API Token” in Okta). A token works only for this connection.',
  'scim.tokens.failed': 'That did not work',
  'scim.tokens.reveal': 'New token',
  'scim.tokens.revealLabel': 'Token “{name}”',
  'scim.tokens.loadFailed': 'The tokens could not be loaded',
  'scim.tokens.empty': 'This connection has no token yet.',
  'scim.tokens.caption': 'Tokens of this connection',
  'scim.tokens.column.name': 'Name',
  'scim.tokens.column.prefix': 'Starts with',
  'scim.tokens.column.status': 'Status',
  'scim.tokens.column.lastUsed': 'Last used',
  'scim.tokens.column.expires': 'Expires',
  'scim.tokens.column.actions': 'Actions',
  'scim.tokens.never': 'Never',
  'scim.tokens.revoke': 'Revoke {name}',
  'scim.tokens.revoke.question':
    'Revoke “{name}”? The identity provider’s requests with it fail until it is given a new token.',
  'scim.tokens.revoke.confirm': 'Revoke token',
  'scim.tokens.revoking': 'Revoking…',
  'scim.tokens.revoked': 'The token “{name}” is revoked: requests made with it now fail.',
  'scim.tokens.form.legend': 'Create a token',
  'scim.tokens.form.name': 'Token name',
  'scim.tokens.name.missing': 'Enter a name, e.g. where the token is configured.',
  'scim.tokens.form.expiry': 'Expires (optional)',
  'scim.tokens.form.expiry.hint':
    'The token stops working at the end of this day. Leave empty for no expiry.',
  'scim.tokens.expiry.invalid': 'Enter a date.',
  'scim.tokens.expiry.past': 'Choose a day after today.',
  'scim.tokens.form.submit': 'Create token',
  'scim.tokens.form.busy': 'Creating…',
} as const satisfies AdminMessages;
