import type { AdminMessages } from '../message-types';

/** The admin portal's text for users: every key starts with `users.` (admin/i18n/messages.test.ts). */
export const usersMessages = {
  // Words used across the user pages
  'users.breadcrumb': 'All users',
  'users.yes': 'Yes',
  'users.no': 'No',
  'users.status.active': 'active',
  'users.status.disabled': 'disabled',

  // Looking a user up by address (user-lookup.ts), for the organization forms
  'users.lookup.noSuchUser': 'No user has this email address. Create the user first.',

  // The list (UsersPage)
  'users.list.title': 'Users',
  'users.list.deleted.title': 'User deleted',
  'users.list.deleted.body': 'The account of {email} and everything issued to it are gone.',
  'users.list.search.label': 'Search users',
  'users.list.search.hint': 'Part of an email address or name',
  'users.list.create': 'Create a user',
  'users.list.failed': 'The users could not be loaded',
  'users.list.noMatch': 'No user matches “{query}”.',
  'users.list.empty': 'There are no users yet.',
  'users.list.caption': 'Users',
  'users.list.captionMatching': 'Users matching “{query}”',
  'users.list.column.email': 'Email',
  'users.list.column.name': 'Name',
  'users.list.column.emailConfirmed': 'Email confirmed',
  'users.list.column.status': 'Status',
  'users.list.pager.exact': '{shown} on this page, {total} in all.',
  'users.list.pager.atLeast':
    '{shown} on this page, {total} or more in all: narrow the search to count them.',
  'users.list.pager.estimate': '{shown} on this page, about {total} in all.',
  'users.list.pager.short':
    'This search matches many users, and each page reads a limited stretch of addresses, so a page can hold fewer users, or none: Next page goes on.',
  'users.list.pager.first': 'First page',

  // Creating a user (UserCreatePage)
  'users.create.title': 'Create a user',
  'users.create.failed': 'The user was not created',
  'users.create.intro':
    'The account starts without a password: set one on the next page, or send a password-reset email.',
  'users.create.submit': 'Create user',
  'users.create.busy': 'Creating…',

  // The profile fields of the create and edit forms (UserProfileFields)
  'users.profile.email': 'Email address',
  'users.profile.name': 'Name',
  'users.profile.nameOptional': 'Name (optional)',
  'users.profile.emailConfirmed': 'The email address is confirmed',
  'users.profile.emailConfirmedHint': 'Untick to make them confirm it before they can sign in.',

  // One user (UserDetailPage)
  'users.detail.loadingTitle': 'User',
  'users.detail.failed': 'The user could not be loaded',
  'users.detail.created.title': 'User created',
  'users.detail.created.body':
    '{email} has an account without a password. Set one below, or send them a password-reset email.',
  'users.detail.userId': 'User ID',
  'users.detail.status': 'Status',
  'users.profile.heading': 'Profile',
  'users.profile.saved': 'The changes are saved.',
  'users.profile.failed': 'The changes were not saved',
  'users.profile.submit': 'Save profile',

  // Disabling, enabling, signing out everywhere
  'users.access.heading': 'Access',
  'users.access.failed': 'The status was not changed',
  'users.access.disabledDone': 'The account is disabled: its sessions ended and its tokens were revoked.',
  'users.access.enabledDone': 'The account is enabled: they can sign in again.',
  'users.access.sessionsEnded':
    'Their sessions ended: the apps they used were told, and refresh tokens without offline access ended.',
  'users.access.disable.explanation':
    'Disabling ends their sessions and revokes their tokens; they cannot sign in until enabled.',
  'users.access.disable.label': 'Disable account',
  'users.access.disable.question': 'Disable {email}? They are signed out everywhere at once.',
  'users.access.disable.confirm': 'Disable now',
  'users.access.disable.busy': 'Disabling…',
  'users.access.signOut.explanation':
    'Signing them out everywhere ends every session they have; apps with back-channel logout are told at once. They may sign in again.',
  'users.access.signOut.label': 'Sign out everywhere',
  'users.access.signOut.question': 'Sign {email} out of every session now?',
  'users.access.signOut.confirm': 'Sign out everywhere',
  'users.access.signOut.busy': 'Signing out…',
  'users.access.disabled.explanation': 'This account is disabled: they cannot sign in.',
  'users.access.enable.label': 'Enable account',
  'users.access.enable.busy': 'Enabling…',

  // The password
  'users.password.heading': 'Password',
  'users.password.set.heading': 'Set a password',
  'users.password.set.explanation':
    'The password is registered in this browser with OPAQUE; the server never sees it. They must change it at their next sign-in, and their current sessions end.',
  'users.password.set.done':
    'The password is set. Tell them through a safe channel; they must choose a new one when they sign in.',
  'users.password.set.failed': 'The password was not set',
  'users.password.set.field': 'New password for this user',
  'users.password.set.submit': 'Set password',
  'users.password.set.busy': 'Setting password…',
  'users.password.reset.heading': 'Or let them choose one',
  'users.password.reset.done': 'A password-reset link is on its way to {email}.',
  'users.password.reset.failed': 'The email was not sent',
  'users.password.reset.submit': 'Send a password-reset email',
  'users.password.reset.busy': 'Sending…',

  // Deleting the user
  'users.delete.heading': 'Delete this user',
  'users.delete.explanation':
    'Deleting removes the account and everything issued to it. It cannot be undone.',
  'users.delete.label': 'Delete user',
  'users.delete.question': 'Delete the account of {email} for good?',
  'users.delete.failed': 'The user was not deleted',

  // Two-step verification (UserOtpSection)
  'users.otp.heading': 'Two-step verification',
  'users.otp.failed': 'Two-step verification was not changed',
  'users.otp.loadFailed': 'The two-step verification state could not be loaded',
  'users.otp.status': 'Status',
  'users.otp.status.enabled': 'On',
  'users.otp.status.locked': 'On, locked after too many wrong codes',
  'users.otp.status.pending': 'Being set up (not finished)',
  'users.otp.status.required': 'Off, but required: they set it up at their next sign-in',
  'users.otp.status.disabled': 'Off',
  'users.otp.required': 'Required for them',
  'users.otp.backupCodesRemaining': 'Unused backup codes',
  'users.otp.lockedUntil': 'Locked until',
  'users.otp.unlock.label': 'Unlock two-step verification',
  'users.otp.unlock.busy': 'Unlocking…',
  'users.otp.unlock.done': 'The lock is lifted: they can enter codes again.',
  'users.otp.reset.label': 'Reset two-step verification',
  'users.otp.reset.question':
    'Reset two-step verification of {email}? Their authenticator app and backup codes stop working.',
  'users.otp.reset.questionRequired':
    'Reset two-step verification of {email}? Their authenticator app and backup codes stop working, and they set it up again at their next sign-in.',
  'users.otp.reset.confirm': 'Reset now',
  'users.otp.reset.busy': 'Resetting…',
  'users.otp.reset.done': 'Two-step verification is reset: their app and backup codes no longer work.',
  'users.otp.reset.doneRequired':
    'Two-step verification is reset: their app and backup codes no longer work, and they set it up again at their next sign-in.',

  // Passkeys (UserPasskeysSection)
  'users.passkeys.heading': 'Passkeys',
  'users.passkeys.failed': 'The passkey was not revoked',
  'users.passkeys.loadFailed': 'The passkeys could not be loaded',
  'users.passkeys.empty': 'No passkeys.',
  'users.passkeys.item': '{name} — added {added}, last used {lastUsed}; {unlock}',
  'users.passkeys.itemCloneSuspected':
    '{name} — added {added}, last used {lastUsed}; {unlock}; its signature counter went back (possibly cloned)',
  'users.passkeys.neverUsed': 'never',
  'users.passkeys.canUnlock': 'can unlock keys',
  'users.passkeys.cannotUnlock': "can't unlock keys",
  'users.passkeys.revoke.label': 'Revoke “{name}”',
  'users.passkeys.revoke.question': 'Revoke the passkey {name} of {email}? It stops signing in at once.',
  'users.passkeys.revoke.confirm': 'Revoke now',
  'users.passkeys.revoke.busy': 'Revoking…',
  'users.passkeys.revoke.done': 'Passkey “{name}” is revoked: it no longer signs in.',

  // Linked identity providers (UserFederatedIdentitiesSection)
  'users.identities.heading': 'Linked identity providers',
  'users.identities.failed': 'The identity was not unlinked',
  'users.identities.loadFailed': 'The linked identities could not be loaded',
  'users.identities.empty': 'Not linked to any identity provider.',
  'users.identities.item':
    '{connection} — {subject}, {linkedHow}, linked {linked}, last sign-in {lastSignIn}',
  'users.identities.subject': 'subject {subject}',
  'users.identities.subjectWithEmail': 'subject {subject} ({email})',
  'users.identities.linkedByJit': 'account created by its first sign-in',
  'users.identities.linkedByEmail': 'linked by verified email',
  'users.identities.neverSignedIn': 'never',
  'users.identities.unlink.label': 'Unlink {connection}',
  'users.identities.unlink.question':
    'Unlink {connection} from {email}? That provider stops signing in to this account; its next sign-in there may link or create an account again, as the connection’s policy allows.',
  'users.identities.unlink.confirm': 'Unlink now',
  'users.identities.unlink.busy': 'Unlinking…',
  'users.identities.unlink.done': '{connection} no longer signs in to this account.',

  // Trusted devices (UserDevicesSection)
  'users.devices.heading': 'Trusted devices',
  'users.devices.failed': 'The device was not revoked',
  'users.devices.loadFailed': 'The trusted devices could not be loaded',
  'users.devices.empty': 'No trusted devices.',
  'users.devices.unnamed': 'Unnamed device',
  'users.devices.item': '{label} — trusted {trusted}, last used {lastUsed}',
  'users.devices.neverUsed': 'never',
  'users.devices.revoke.label': 'Revoke “{label}”',
  'users.devices.revoke.question':
    'Revoke the trusted device {label} of {email}? It can no longer unlock the encryption keys.',
  'users.devices.revoke.confirm': 'Revoke now',
  'users.devices.revoke.busy': 'Revoking…',
  'users.devices.revoke.done': 'Device “{label}” is revoked: it can no longer unlock the keys.',

  // Organizations the user belongs to (UserOrganizationsSection)
  'users.organizations.heading': 'Organizations',
  'users.organizations.loadFailed': 'The organizations could not be loaded',
  'users.organizations.empty': 'Not a member of any organization.',
  'users.organizations.item': '{organization} {status} roles: {roles}',
  'users.organizations.noRoles': 'none',

  // The encryption key (UserKeybagSection)
  'users.keybag.heading': 'Encryption key',
  'users.keybag.failed': 'The encryption key was not reset',
  'users.keybag.loadFailed': 'The encryption key state could not be loaded',
  'users.keybag.status': 'Status',
  'users.keybag.setUp': 'Set up (version {version})',
  'users.keybag.created': 'Created',
  'users.keybag.rotated': 'Last rotated',
  'users.keybag.lastUnlocked': 'Last used by an app',
  'users.keybag.envelopes.caption': 'What opens it',
  'users.keybag.envelopes.type': 'Type',
  'users.keybag.envelopes.label': 'Label',
  'users.keybag.envelopes.status': 'Status',
  'users.keybag.envelopes.added': 'Added',
  'users.keybag.envelopes.lastUsed': 'Last used',
  'users.keybag.type.password': 'Password',
  'users.keybag.type.recoveryKey': 'Recovery key',
  'users.keybag.type.passkey': 'Passkey',
  'users.keybag.type.trustedDevice': 'Trusted device',
  'users.keybag.envelope.usable': 'Opens the key',
  'users.keybag.envelope.stale': 'Stale (password replaced)',
  'users.keybag.none':
    'No encryption key: it is set up the first time an app that encrypts their data asks for it.',
  'users.keybag.reset.label': 'Reset encryption key',
  'users.keybag.reset.warning': 'Data encrypted under this key will be lost',
  'users.keybag.reset.question':
    'Reset the encryption key of {email}? Every app gets a new key for them, and nothing their apps encrypted under the old key can be decrypted again — not by them, not by you, not by the service. Only do this when they cannot unlock it in any way and accept losing that data.',
  'users.keybag.reset.confirm': 'Reset and lose the data',
  'users.keybag.reset.busy': 'Resetting…',
  'users.keybag.reset.done':
    'The encryption key is reset. The user sets up a new one at their next app sign-in that needs it.',
} as const satisfies AdminMessages;
