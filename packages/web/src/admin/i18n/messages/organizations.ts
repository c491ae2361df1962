import type { AdminMessages } from '../message-types';

/** The admin portal's text for organizations: every key starts with `organizations.` (admin/i18n/messages.test.ts). */
export const organizationsMessages = {
  // Words used across the organization pages
  'organizations.breadcrumb': 'All organizations',
  'organizations.status.active': 'active',
  'organizations.status.disabled': 'disabled',
  'organizations.status.invited': 'invited',
  'organizations.status.suspended': 'suspended',
  'organizations.roleOption': '{name} ({key})',
  'organizations.roleOption.grants': 'Grants {permissions}.',
  'organizations.roleOption.grantsNothing': 'Grants no permission.',

  // The list (OrganizationsPage)
  'organizations.list.title': 'Organizations',
  'organizations.list.deleted.title': 'Organization deleted',
  'organizations.list.deleted.body':
    '{name}, its memberships and invitations are gone, and its tokens stopped working.',
  'organizations.list.intro':
    'Organizations group users. In each one a member holds roles, and roles grant permissions that apps see in tokens. The roles and permissions are the same for every organization.',
  'organizations.list.search.label': 'Search organizations',
  'organizations.list.search.hint': 'Part of a name or slug',
  'organizations.list.create': 'Create an organization',
  'organizations.list.failed': 'The organizations could not be loaded',
  'organizations.list.noMatch': 'No organization matches “{query}”.',
  'organizations.list.empty': 'There are no organizations yet.',
  'organizations.list.caption': 'Organizations',
  'organizations.list.captionMatching': 'Organizations matching “{query}”',
  'organizations.list.column.name': 'Name',
  'organizations.list.column.slug': 'Slug',
  'organizations.list.column.status': 'Status',
  'organizations.list.column.created': 'Created',
  'organizations.list.pager.status': '{shown} on this page, {total} in all.',
  'organizations.list.pager.first': 'First page',

  // Creating an organization (OrganizationCreatePage)
  'organizations.create.title': 'Create an organization',
  'organizations.create.failed': 'The organization was not created',
  'organizations.create.owner.label': 'First member’s email address (optional)',
  'organizations.create.owner.hint':
    'An existing user, who becomes a member with the admin role and can then manage the organization. Without one, only admins manage it until someone gets a managing role.',
  'organizations.create.submit': 'Create organization',
  'organizations.create.busy': 'Creating…',

  // The name, slug and TOTP fields (OrganizationFields)
  'organizations.fields.name': 'Name',
  'organizations.fields.nameMissing': 'Enter the organization’s name.',
  'organizations.fields.slug': 'Slug',
  'organizations.fields.slugOptional': 'Slug (optional)',
  'organizations.fields.slugMissing': 'Enter a slug.',
  'organizations.fields.slugInvalid':
    'Use lower-case letters, digits and hyphens (not at the start or end), at most 63.',
  'organizations.fields.slugHint.create':
    'Lower-case letters, digits and hyphens; apps see it in tokens as org_slug. Leave empty to make one from the name.',
  'organizations.fields.slugHint.edit': 'Apps see it in tokens as org_slug from their next token.',
  'organizations.fields.requireTotp': 'Every member must use two-step verification (TOTP)',
  'organizations.fields.requireTotpHint':
    'Members without it are asked to set it up at their next sign-in, and cannot turn it off.',

  // One organization (OrganizationDetailPage)
  'organizations.detail.loadingTitle': 'Organization',
  'organizations.detail.failed': 'The organization could not be loaded',
  'organizations.detail.managerMissing.title': 'No one can manage this organization',
  'organizations.detail.managerMissing.body':
    'Its last manager was deprovisioned, or every manager’s account is disabled. Give a member a role that can manage the organization (such as {role}).',
  'organizations.detail.created.title': 'Organization created',
  'organizations.detail.created.body':
    'Add members below, or invite people by email. Apps see {slug} as the organization’s slug.',
  'organizations.detail.id': 'Organization ID',
  'organizations.detail.slug': 'Slug',
  'organizations.detail.status': 'Status',
  'organizations.detail.created': 'Created',

  // Settings and status (OrganizationSettingsSection)
  'organizations.settings.heading': 'Settings',
  'organizations.settings.saved': 'The changes are saved.',
  'organizations.settings.savedDisabled':
    'The changes are saved. The organization is disabled: its members no longer see it and its tokens stopped working.',
  'organizations.settings.failed': 'The changes were not saved',
  'organizations.settings.submit': 'Save settings',
  'organizations.settings.status': 'Status',
  'organizations.settings.status.active': 'Active',
  'organizations.settings.status.activeHint': 'Members see it and get tokens in its context.',
  'organizations.settings.status.disabled': 'Disabled',
  'organizations.settings.status.disabledHint':
    'Hidden from its members; tokens issued in its context stop working.',

  // The unlock policy (UnlockPolicySection)
  'organizations.unlock.heading': 'Unlock policy for zero-knowledge apps',
  'organizations.unlock.loading': 'Loading the unlock policy…',
  'organizations.unlock.loadFailed': 'The unlock policy could not be loaded',
  'organizations.unlock.saved': 'The unlock policy is saved.',
  'organizations.unlock.failed': 'The unlock policy was not saved',
  'organizations.unlock.submit': 'Save unlock policy',
  'organizations.unlock.notice':
    'Applies to authorizations made for this organization, and to what its members may set up on their account. It can only be stricter than the service’s own settings: what the service turns off is off here too.',
  'organizations.unlock.ways': 'Ways members may unlock their key',
  'organizations.unlock.way.password': 'Password',
  'organizations.unlock.way.recoveryKey': 'Recovery key',
  'organizations.unlock.way.passkey': 'Passkey',
  'organizations.unlock.way.trustedDevice': 'Trusted device',
  'organizations.unlock.offForService': 'Turned off for the whole service.',
  'organizations.unlock.noneAllowed': 'Leave at least one way to unlock.',
  'organizations.unlock.requiresUnlockedKey': 'Zero-knowledge apps need an unlocked key',
  'organizations.unlock.requiresUnlockedKey.required': 'Required for the whole service.',
  'organizations.unlock.requiresUnlockedKey.hint': 'Signing in alone never hands an app a key.',
  'organizations.unlock.deviceApproval': 'Offer trusted-device approval',
  'organizations.unlock.deviceApproval.hint':
    'A device that cannot unlock may be approved from one that can.',
  'organizations.unlock.newKeySetup': 'Allow new-key setup',
  'organizations.unlock.newKeySetup.hint':
    'A member who cannot unlock may replace their key, losing what was encrypted under it.',

  // Members (MembersSection, MemberRow, AddMemberForm)
  'organizations.members.heading': 'Members',
  'organizations.members.failed': 'The member was not changed',
  'organizations.members.rolesFailed': 'The roles could not be loaded',
  'organizations.members.loadFailed': 'The members could not be loaded',
  'organizations.members.empty': 'No members yet.',
  'organizations.members.caption': 'Members',
  'organizations.members.column.member': 'Member',
  'organizations.members.column.status': 'Status',
  'organizations.members.column.roles': 'Roles',
  'organizations.members.column.actions': 'Actions',
  'organizations.members.noRoles': 'none',
  'organizations.members.roleToGive': 'Role to give {who}',
  'organizations.members.addRole': 'Add role',
  'organizations.members.addRoleTarget': 'to {who}',
  'organizations.members.removeRole': 'Remove',
  'organizations.members.removeRoleTarget': 'the role {role} from {who}',
  'organizations.members.suspend': 'Suspend',
  'organizations.members.reinstate': 'Reinstate',
  'organizations.members.remove.label': 'Remove {who}',
  'organizations.members.remove.question':
    'Remove {who} from the organization? Their tokens for it stop working.',
  'organizations.members.remove.confirm': 'Remove member',
  'organizations.members.remove.busy': 'Removing…',
  'organizations.members.roleAssigned': '{who} now has the role {role}.',
  'organizations.members.roleRemoved': '{who} no longer has the role {role}.',
  'organizations.members.suspended':
    '{who} is suspended: their tokens for this organization stopped working.',
  'organizations.members.reinstated': '{who} is an active member again.',
  'organizations.members.removed':
    '{who} is no longer a member; their tokens for this organization stopped working.',
  'organizations.members.added': '{who} is now a member.',
  'organizations.members.add.heading': 'Add a member',
  'organizations.members.add.email': 'Email address of the user to add',
  'organizations.members.add.emailHint':
    'Someone who already has an account. To bring in someone new, invite them below.',
  'organizations.members.add.roles': 'Roles of the new member',
  'organizations.members.add.submit': 'Add member',
  'organizations.members.add.busy': 'Adding…',
  'organizations.members.add.failed': 'The member was not added',
  'organizations.rolesHint': 'Without any, they get member.',

  // Invitations (InvitesSection, InviteForm)
  'organizations.invites.heading': 'Invitations',
  'organizations.invites.failed': 'That did not work',
  'organizations.invites.loadFailed': 'The invitations could not be loaded',
  'organizations.invites.empty': 'No pending invitations.',
  'organizations.invites.caption': 'Pending invitations',
  'organizations.invites.column.email': 'Email',
  'organizations.invites.column.roles': 'Roles',
  'organizations.invites.column.validUntil': 'Valid until',
  'organizations.invites.column.sent': 'Sent',
  'organizations.invites.column.actions': 'Actions',
  'organizations.invites.expired': 'expired',
  'organizations.invites.withdraw.label': 'Withdraw the invitation of {email}',
  'organizations.invites.withdraw.question':
    'Withdraw the invitation of {email}? The link in their email stops working.',
  'organizations.invites.withdraw.confirm': 'Withdraw invitation',
  'organizations.invites.withdraw.busy': 'Withdrawing…',
  'organizations.invites.withdrawn': 'The invitation of {email} is withdrawn: its link no longer works.',
  'organizations.invites.sent': 'An invitation is on its way to {email}. It is valid until {until}.',
  'organizations.invites.form.heading': 'Invite someone',
  'organizations.invites.form.email': 'Email address to invite',
  'organizations.invites.form.emailHint':
    'They get an email with a link; they accept it signed in with this address, or after creating an account with it.',
  'organizations.invites.form.roles': 'Roles of the invited member',
  'organizations.invites.form.submit': 'Send invitation',
  'organizations.invites.form.busy': 'Sending…',
  'organizations.invites.form.failed': 'The invitation was not sent',

  // Deleting the organization (DeleteOrganizationSection)
  'organizations.delete.heading': 'Delete this organization',
  'organizations.delete.explanation':
    'Deleting removes its memberships and invitations, and the tokens issued in its context stop working. It cannot be undone.',
  'organizations.delete.label': 'Delete organization',
  'organizations.delete.question': 'Delete {name} for good?',
  'organizations.delete.failed': 'The organization was not deleted',
} as const satisfies AdminMessages;
