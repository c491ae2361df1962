/**
 * The hosted UI's messages in English for the signed-in pages (the account page, two-step verification, passkeys,
 * step-up, the encryption key's panels, the apps list) and what a reset says of the key, merged into the reference
 * catalog (en.ts). The other languages translate exactly these keys in their `account-<locale>.ts`.
 */
export const enAccount = {
  // What a password reset did to the encryption key (ResetPasswordPage)
  'reset.key.keptTitle': 'Your encryption key is kept',
  'reset.key.keptText':
    'Apps that encrypt your data use a key only you can unlock. Resetting the password did not delete it, but your new password cannot open it yet: the old one protected it, and we never knew it.',
  'reset.key.opensWithIntro': 'The next time an app asks for your key, open it with:',
  'reset.key.recoveryKey':
    'your recovery key, the code starting with TSRK2 you saved when the key was set up: it exists for exactly this',
  'reset.key.passkey': 'a passkey that unlocks your key',
  'reset.key.trustedDevice': 'a device you trusted to open your key',
  'reset.key.afterwards': 'After that, your new password opens the key again.',
  'reset.key.nothingOpens':
    'Nothing else you set up opens it, so the data those apps encrypted cannot be read any more. An app may let you set up a new key, which starts empty.',
  'reset.key.discardedTitle': 'Your encryption key was removed',
  'reset.key.discardedText':
    'Your email address had not been confirmed before, so everything set up on this account before this reset was removed, the encryption key with it. An app that encrypts your data will set up a new key, which starts empty.',

  // Typed recovery keys (shared/zk/recovery-key.ts)
  'recoveryKey.empty': 'No recovery key was entered.',
  'recoveryKey.wrongLength': {
    one: 'The recovery key has {count} character; it should have {expected} after {prefix}.',
    other: 'The recovery key has {count} characters; it should have {expected} after {prefix}.',
  },
  'recoveryKey.invalidCharacter':
    '“{character}” in group {group}, position {position} is not used in recovery keys.',
  'recoveryKey.checksumMismatch': 'The recovery key does not check out: a character is mistyped.',

  // The encryption key on the account page (KeybagSection)
  'keybag.loading': 'Loading your encryption key…',
  'keybag.title': 'Your encryption key',
  'keybag.none':
    'You have no encryption key yet. It is set up the first time an app that encrypts your data asks for it.',
  'keybag.intro':
    'Apps that encrypt your data use a key only you can unlock; the sign-in service cannot read it. Set up {created}, last used by an app {lastUsed}.',
  'keybag.never': 'never',
  'keybag.opensIt': 'What opens it',
  'keybag.opensItLabel': 'What opens your encryption key',
  'keybag.type.password': 'Password',
  'keybag.type.recovery_key': 'Recovery key',
  'keybag.type.passkey_prf': 'Passkey',
  'keybag.type.trusted_device': 'Trusted device',
  'keybag.envelopeDates': 'Added {added}; last used {lastUsed}',
  'keybag.stale': 'No longer opens your key (your password was replaced).',
  'keybag.needed': 'Needed: nothing else opens your key.',
  'keybag.remove.button': 'Remove',
  'keybag.remove.label': 'Remove {name} {label}',
  'keybag.remove.confirmLabel': 'Confirm the removal',
  'keybag.remove.ask.password':
    'Your password will no longer open your encryption key. You still sign in with it.',
  'keybag.remove.ask.recovery_key':
    'This recovery key will no longer open your encryption key, wherever it is written down.',
  'keybag.remove.ask.passkey_prf':
    'Passkey “{label}” will no longer open your encryption key. The passkey itself stays: you still sign in with it. To delete the passkey, use Passkeys on this page.',
  'keybag.remove.ask.trusted_device':
    '“{label}” will no longer open your encryption key by itself. You still sign in on it as before.',
  'keybag.remove.ask.other': '“{label}” will no longer open your encryption key.',
  'keybag.remove.confirm': 'Remove from the key',
  'keybag.remove.cancel': 'Keep it',
  'keybag.remove.done.password':
    'Your password no longer opens your encryption key. You still sign in with it.',
  'keybag.remove.done.recovery_key': 'This recovery key no longer opens your encryption key.',
  'keybag.remove.done.passkey_prf':
    'Passkey “{label}” no longer opens your encryption key. The passkey itself was not removed: you still sign in with it.',
  'keybag.remove.done.trusted_device': '“{label}” no longer opens your encryption key by itself.',
  'keybag.remove.done.other': '“{label}” no longer opens your encryption key.',
  'keybag.replaceRecoveryKey': 'Replace your recovery key',
  'keybag.createRecoveryKey': 'Create a recovery key',
  'keybag.unlockPurpose': 'The new recovery key will open the same key, so it needs your key unlocked here.',
  'keybag.saveFailed': 'We could not save your recovery key',
  'keybag.replacesOld': 'Your new recovery key replaces the old one, which will no longer open your key.',
  'keybag.opensYourKey': 'This recovery key opens your encryption key.',
  'keybag.recoveryKeySaved': 'Your new recovery key is saved.',
  'keybag.failed': 'That did not work',
  'keybag.check.title': 'Check a recovery key',
  'keybag.check.label': 'Recovery key to check',
  'keybag.check.hint': 'Checked in this browser only; nothing changes.',
  'keybag.check.submit': 'Check',
  'keybag.check.wrong': 'This recovery key does not open your key.',
  'keybag.check.opens': 'This recovery key opens your key',
  'keybag.check.keepSafe': 'Keep it safe.',

  // Shared by the signed-in pages
  'common.saving': 'Saving…',
  'common.cancel': 'Cancel',

  // The account page (AccountPage)
  'account.title': 'Your account',
  'account.loadFailed': 'We could not load your account',
  'account.finishFirst': 'Finish signing in first: your account needs a second step after the password.',
  'account.finishSignIn': 'Finish signing in',
  'account.signInToSee': 'Sign in to see your apps and manage your account.',
  'account.signedInAs': 'Signed in as {name}',
  'account.mustChangeTitle': 'Choose a new password',
  'account.mustChangeText': 'Your administrator asks you to choose a new password before you continue.',
  'account.signOutTitle': 'Sign out',
  'account.signOutText': 'Sign out of your account on this device.',
  'signOut.failed': 'We could not sign you out',
  'signOut.working': 'Signing out…',
  'signOut.button': 'Sign out',

  // The apps dashboard (AppsSection)
  'apps.title': 'Your apps',
  'apps.loading': 'Loading your apps…',
  'apps.none': 'There are no apps to show here yet.',

  // The name (ProfileSection)
  'profile.title': 'Your name',
  'profile.saved': 'Saved',
  'profile.savedText': 'Apps see the new name the next time you sign in to them.',
  'profile.saveFailed': 'We could not save your name',
  'profile.name': 'Name',
  'profile.save': 'Save name',

  // The email address (EmailSection)
  'email.title': 'Email address',
  'email.sameAddress': 'This is already your address.',
  'email.confirmed': '(confirmed)',
  'email.notConfirmed': '(not confirmed yet)',
  'email.confirmTitle': 'Confirm the new address',
  'email.sentText': 'We sent a link to {email}. Your address changes when you open it.',
  'email.failed': 'We could not change your address',
  'email.taken': 'Another account uses this address.',
  'email.newAddress': 'New email address',
  'email.change': 'Change email address',

  // The password change (PasswordSection, PasswordChangeForm)
  'password.title': 'Password',
  'password.changed': 'Your password is changed',
  'password.othersSignedOut': 'Other devices where you were signed in are signed out.',
  'password.keyCarried': 'Your new password opens your encryption key.',
  'password.keyNotCarried':
    'Your new password does not open your encryption key yet: the next time an app asks for it, unlock it with your recovery key.',
  'password.wrongTitle': 'Your current password is not correct',
  'password.wrongText': 'Nothing was changed. Check your current password and try again.',
  'password.failed': 'We could not change your password',
  'password.changing': 'Changing password…',
  'password.change': 'Change password',
  'password.current': 'Current password',
  'password.new': 'New password',

  // Confirming it is you before a sensitive change (StepUpSection, StepUp)
  'stepUp.title': 'Confirm it is you',
  'stepUp.explanation':
    'Two-step verification is on for your account, so this change needs a current code from your authenticator app (or one of your backup codes). It then continues by itself.',
  'stepUp.submit': 'Confirm and continue',

  // Backup codes, shown once (BackupCodes)
  'backupCodes.title': 'Save your backup codes now',
  'backupCodes.onlyOnce': 'These codes are shown only this once.',
  'backupCodes.explanation':
    'If you lose your phone or the authenticator app, each code lets you sign in one time instead of a code from the app. Keep them somewhere safe, such as a password manager or a printed copy.',
  'backupCodes.listLabel': 'Backup codes',
  'backupCodes.copy': 'Copy codes',
  'backupCodes.copied': 'Copied to the clipboard.',
  'backupCodes.copyFailed': 'Copying is not possible here: select the codes and copy them.',
  'backupCodes.saved': 'I have saved these backup codes somewhere safe',
  'backupCodes.reminder': 'Save the codes first, then tick the box. You will not see them again.',

  // Two-step verification on the account page (SecuritySection)
  'security.turnedOff': 'Two-step verification is off. Your backup codes no longer work.',
  'security.newCodesReady': 'Your new backup codes are ready. The old ones no longer work.',
  'security.savedDone': 'I have saved them: done',
  'security.newCodesInUse': 'Your new backup codes are in use.',
  'security.done': 'Done',
  'security.codesFailed': 'We could not create new backup codes',
  'security.turnOffFailed': 'We could not turn off two-step verification',
  'security.turnOffQuestion': 'Turn off two-step verification?',
  'security.turnOffText':
    'Signing in then needs only your password, and your backup codes stop working. You can set it up again at any time.',
  'security.turnOffConfirm': 'Turn off',
  'security.keepOn': 'Keep it on',
  'security.creatingCodes': 'Creating codes…',
  'security.createCodes': 'Create new backup codes',
  'security.newAuthenticator': 'Move to a new authenticator app',
  'security.turningOff': 'Turning off…',
  'security.turnOff': 'Turn off two-step verification',
  'security.requiredStaysOn': 'Two-step verification is required for your account, so it stays on.',
  'security.continueSetup': 'Continue setup',
  'security.setUp': 'Set up two-step verification',
  'security.status.on': 'On.',
  'security.status.onText': 'After your password, signing in asks for a code from your authenticator app.',
  'security.lockedTitle': 'Codes are locked for now',
  'security.lockedUntil': 'There were too many wrong codes, so codes are not accepted until {time}.',
  'security.lockedForAWhile': 'There were too many wrong codes, so codes are not accepted for a while.',
  'security.noCodesLeft': 'You have no unused backup codes left. Create new ones now.',
  'security.codesLeft': {
    one: '{count} unused backup code left.',
    other: '{count} unused backup codes left.',
  },
  'security.createSoon': 'Create new ones soon.',
  'security.status.required': 'Required, not set up yet.',
  'security.status.requiredText':
    'Your account must use two-step verification: signing in asks for a code from an authenticator app after your password.',
  'security.status.off': 'Off.',
  'security.status.pendingText': 'A setup was started but not finished.',
  'security.status.offText':
    'Turn it on so that signing in needs a code from an app on your phone as well as your password: a stolen password alone is then not enough.',

  // Setting up two-step verification (SecuritySetupPage)
  'setup.signInFirst': 'Sign in first to set up two-step verification.',
  'setup.loadFailed': 'We could not load your two-step verification settings',
  'setup.isOn':
    'Two-step verification is on. From now on you enter a code from your authenticator app after your password.',
  'setup.savedContinue': 'I have saved them: continue',
  'setup.mustUse': 'Your account must use two-step verification.',
  'setup.finishSigningIn': 'Set it up now to finish signing in.',
  'setup.finishSigningInTo': 'Set it up now to finish signing in to {client}.',
  'setup.toContinue': 'Set it up now to continue.',
  'setup.why':
    'With two-step verification, signing in needs your password and a code from an app on your phone, so a stolen password alone is not enough.',
  'setup.needApp':
    'You need an authenticator app that supports time-based codes (TOTP), for example the one built into your password manager, or any authenticator app from your phone’s app store.',
  'setup.replacesTitle': 'This replaces your current authenticator',
  'setup.replacesText':
    'Two-step verification is already on. Setting it up again moves it to a new authenticator app: the old one and your old backup codes stop working once the new one is confirmed. You will first be asked for a current code.',
  'setup.startFailed': 'The setup could not start',
  'setup.waitingForCode': 'Waiting for your code…',
  'setup.starting': 'Starting…',
  'setup.start': 'Start setup',
  'setup.keyTitle': 'Add your account to the authenticator app',
  'setup.scan': 'In the authenticator app on your phone, choose to add an account, then scan this QR code.',
  'setup.qrLabel': 'QR code for your authenticator app',
  'setup.openOrType':
    'If the app is on this device, you can {link}. If you cannot scan the code, choose to enter a setup key in the app instead, and type the key below.',
  'setup.openInApp': 'Open in authenticator app',
  'setup.key': 'Setup key',
  'setup.keyHint': 'Letters and digits in groups of four; the spaces do not matter.',
  'setup.keyStandard': 'Time-based, 6 digits, every 30 seconds: the settings most apps use by themselves.',
  'setup.keyCustom': 'Choose time-based, {algorithm}, {digits} digits, every {period} seconds in the app.',
  'setup.copyKey': 'Copy setup key',
  'setup.copyFailed': 'Copying is not possible here: select the key and copy it.',
  'setup.enterCode': 'Enter the code the app now shows for this account, to check that everything works.',
  'setup.turnOn': 'Turn on two-step verification',
  'setup.codeHint': 'The {digits}-digit code the app shows now; a new one appears every {period} seconds.',
  'setup.startAgain': 'Start again',

  // Passkeys on the account page (PasskeysSection)
  'passkeys.title': 'Passkeys',
  'passkeys.intro': "Sign in with your device's screen lock or a security key instead of your password.",
  'passkeys.ability.unlocks': 'Unlocks your encryption keys',
  'passkeys.ability.can_unlock_later': 'Can unlock your encryption keys once they are set up for it',
  'passkeys.ability.cannot_unlock': "Can't unlock your encryption keys",
  'passkeys.addedNoKeys':
    "Passkey “{name}” added. It signs you in, but this authenticator can't unlock your encryption keys.",
  'passkeys.added': 'Passkey “{name}” added.',
  'passkeys.addedUnlocks': 'Passkey “{name}” added. It signs you in and unlocks your encryption keys.',
  'passkeys.nameMissing': 'Give the passkey a name, such as the device it is on.',
  'passkeys.unlockPurpose': 'For your new passkey to unlock your encryption keys too, unlock them once here.',
  'passkeys.unlockFormLabel': 'Let the passkey unlock your keys',
  'passkeys.unlockSubmit': 'Let this passkey unlock my keys',
  'passkeys.notNow': 'Not now',
  'passkeys.nowUnlocks': 'Passkey “{name}” now unlocks your keys too.',
  'passkeys.loadFailed': 'We could not load your passkeys',
  'passkeys.newName': 'Name of the new passkey',
  'passkeys.newNameHint': 'For example the device or security key it is on.',
  'passkeys.waiting': 'Waiting for your passkey…',
  'passkeys.add': 'Add a passkey',
  'passkeys.lastSignIn': 'This is your only way to sign in: add another passkey or a password first.',
  'passkeys.dates': 'added {added}, last used {lastUsed}',
  'passkeys.cloneSuspected':
    "This passkey was used with a signature counter that went back: it may have been copied. Remove it if you don't recognise that.",
  'passkeys.renameLabel': 'New name',
  'passkeys.save': 'Save',
  'passkeys.rename': 'Rename',
  'passkeys.removeNamed': 'Remove “{name}”',

  // Identity providers linked to the account (LinkedIdentitiesSection)
  'linked.title': 'Organization sign-in',
  'linked.intro': 'These identity providers sign you in to this account.',
  'linked.unlinked': '{name} is unlinked: it no longer signs you in to this account.',
  'linked.lastSignIn':
    '{name} is your only way to sign in: set a password or add a passkey before unlinking it.',
  'linked.loadFailed': 'We could not load your linked identity providers',
  'linked.dates': 'linked {linked}, last sign-in {lastSignIn}',
  'linked.unlinkNamed': 'Unlink {name}',
  'linked.unlink': 'Unlink',

  // Trusted devices (TrustedDevicesSection)
  'devices.title': 'Trusted devices',
  'devices.loading': 'Loading your devices…',
  'devices.noKey': 'Your encryption key is set up the first time an app asks for it.',
  'devices.trusted': 'This browser is now a trusted device.',
  'devices.approved': '{label} is approved. It unlocks your key now.',
  'devices.revoked': '{label} can no longer unlock your key.',
  'devices.none': 'No browser unlocks your key by itself yet.',
  'devices.aBrowser': 'A browser',
  'devices.thisBrowser': '(this browser)',
  'devices.dates': 'added {added} · last used {lastUsed}',
  'devices.revoke': 'Revoke {label}',
  'devices.device': 'device',
  'devices.trustThis': 'Trust this browser',
  'devices.waitingTitle': 'Devices waiting for approval',
  'devices.waitingText': 'Approve a device only if it shows exactly this code and fingerprint.',
  'devices.codeAndFingerprint': 'code {code} · fingerprint {fingerprint}',
  'devices.approve': 'Approve',
  'devices.trustNeedsKey': 'Trusting this browser needs your key unlocked here.',
  'devices.approveNeedsKey': 'Approving {label} needs your key unlocked here.',

  // Approving this browser from another device (DeviceApprovalWait)
  'approval.title': 'Unlock with another device',
  'approval.instructions':
    'On a device where your key is unlocked, open your account page and approve this device under “{section}”. Check that it shows the same code and fingerprint.',
  'approval.code': 'Code: {code}',
  'approval.fingerprint': 'Fingerprint: {fingerprint}',
  'approval.waiting': 'Waiting for approval…',
  'approval.failed': 'This device was not approved',
  'approval.offer': 'If your key is unlocked on another device, you can approve this one from there.',
  'approval.tryAgain': 'Try again',
  'approval.start': 'Approve from another device',

  // The recovery key shown once (RecoveryKeyConfirm)
  'recoveryKey.notGroup': 'This is not group {group} of your recovery key.',
  'recoveryKey.saveTitle': 'Save your recovery key',
  'recoveryKey.saveText':
    'If you forget your password, this recovery key is the only way back to your key. It is shown only once: keep it somewhere safe, such as a password manager or on paper.',
  'recoveryKey.copy': 'Copy',
  'recoveryKey.download': 'Download',
  'recoveryKey.copied': 'Copied.',
  'recoveryKey.copyFailed': 'Copying did not work here; select the key and copy it.',
  'recoveryKey.groupLabel': 'Group {group} of your recovery key',
  'recoveryKey.groupHint':
    'To confirm you saved it, type group {group} (of 11) of five characters after {prefix}.',
  'recoveryKey.savedContinue': 'I saved it, continue',

  // Unlocking the key on a page (UnlockOnPage, AskPassword)
  'unlock.way.password': 'your password',
  'unlock.way.passkey': 'your passkey',
  'unlock.way.recoveryKey': 'your recovery key',
  'unlock.passkeyDidNotUnlock':
    'That passkey did not unlock your key. Use a passkey that unlocks your key, or another way here.',
  'unlock.recoveryKeyWrong': 'This recovery key does not open your key. Check that it is your latest one.',
  'unlock.withWays': 'Unlock it on this page with {ways}.',
  'unlock.noWay':
    'Nothing you can use on this page opens your key: unlock it at your next app sign-in, or approve this browser from one of your trusted devices.',
  'unlock.unlock': 'Unlock',
  'unlock.passwordWrong': 'This password does not open your key.',
  'unlock.unlocking': 'Unlocking…',
  'unlock.withPasskey': 'Unlock with passkey',
  'unlock.recoveryKeyLabel': 'Your recovery key',
  'unlock.recoveryKeyHint': 'It starts with {prefix} and has 11 groups of five characters.',
  'unlock.withRecoveryKey': 'Unlock with recovery key',
  'unlock.passwordNotCorrect': 'This password is not correct.',
  'unlock.yourPassword': 'Your password',

  // Unlocking or setting up the key on the consent page (KeyUnlock)
  'zk.checking': 'Checking your encryption key…',
  'zk.loadFailed': 'We could not load your encryption key',
  'zk.askAdmin': 'Ask your administrator for help.',
  'zk.back': 'Back',
  'zk.rewrap.title': 'Your key is unlocked',
  'zk.rewrap.text':
    'Enter your current password so that it opens your key again next time. Otherwise you will need your recovery key again.',
  'zk.rewrap.submit': 'Use my password next time',
  'zk.rewrap.skip': 'Skip',
  'zk.locked.passkeyDidNotUnlock':
    'That passkey did not unlock your key. Use the passkey you protected your key with, or another way below.',
  'zk.locked.title': 'Unlock your encryption key',
  'zk.locked.intro':
    '{client} encrypts your data with a key only you can unlock. The sign-in service cannot read it.',
  'zk.locked.orgNoPasswordTitle': 'Your organization does not allow your password here',
  'zk.locked.orgNoPasswordText':
    'Your organization’s policy does not allow unlocking your key with your password for {client}. Use another way below.',
  'zk.locked.staleTitle': 'Your password no longer opens your key',
  'zk.locked.staleText':
    'Your password was reset or changed since your key was last set up, so it cannot open your key. Use your recovery key.',
  'zk.locked.passwordWrongTitle': 'Your password does not open your key',
  'zk.locked.withPassword': 'Unlock with password',
  'zk.locked.useRecoveryKey': 'Use your recovery key instead.',
  'zk.locked.noWayTitle': 'There is no way to unlock your key here',
  'zk.locked.lostRecoveryKey': 'Lost your recovery key? {button}',
  'zk.newKey.title': 'Set up a new key',
  'zk.newKey.lossTitle': 'Data encrypted with your old key will be lost',
  'zk.newKey.lossText':
    'A new key replaces your old one for every app. {client} and your other apps will no longer be able to open anything they encrypted with your old key, and nobody — not even the sign-in service — can recover it. Only do this if you cannot unlock your old key.',
  'zk.newKey.understand': 'I understand that data encrypted with my old key cannot be recovered',
  'zk.newKey.confirmFirst': 'Confirm that you understand first.',
  'zk.setup.title': 'Set up your encryption key',
  'zk.setup.enterPassword':
    '{client} encrypts your data with a key only you can unlock. Enter your password: it will protect your key.',
  'zk.setup.failed': 'We could not set up your key',
  'zk.setup.newKeyReady': 'Your new key is ready to be set up. {client} will receive a new key.',
  'zk.setup.passwordProtects':
    '{client} encrypts your data with a key only you can unlock; your password protects it. The sign-in service cannot read it.',
  'zk.setup.recoveryProtects':
    '{client} encrypts your data with a key only you can unlock; this recovery key protects it. The sign-in service cannot read it.',
  'zk.setup.recoveryProtectsNoPassword':
    '{client} encrypts your data with a key only you can unlock; this recovery key protects it (your organization does not allow protecting it with your password). The sign-in service cannot read it.',
  'zk.setup.passkeyName': 'Passkey of {date}',
  'zk.setup.passkeyNoPrfOrRecovery':
    'This passkey was added for signing in, but it cannot protect keys. Use a recovery key instead, or try another passkey.',
  'zk.setup.passkeyNoPrf':
    'This passkey was added for signing in, but it cannot protect keys. Try another passkey.',
  'zk.setup.passkeyAndRecovery':
    'Your passkey “{name}” protects your key. This recovery key opens it too, if you lose the passkey.',
  'zk.setup.passkeyOnly':
    'Your passkey “{name}” protects your key. Your organization does not allow recovery keys, so if you lose this passkey, data under this key cannot be recovered.',
  'zk.setup.settingUp': 'Setting up…',
  'zk.setup.submit': 'Set up my key',
  'zk.setup.choose':
    '{client} encrypts your data with a key only you can unlock. Your account has no password, so choose what protects your key: a passkey on this device, or a recovery key you keep safe.',
  'zk.setup.passkeyCannotTitle': 'The passkey cannot protect your key',
  'zk.setup.withPasskey': 'Protect it with a passkey',
  'zk.setup.withRecoveryKey': 'Use a recovery key',
  'zk.setup.passwordOnly':
    '{client} encrypts your data with a key only you can unlock; your password protects it. Your organization does not allow recovery keys, so if you forget your password, data under this key cannot be recovered.',
  'zk.notPossible.newKeyTitle': 'A new key cannot be set up here',
  'zk.notPossible.title': 'Your encryption key cannot be set up here',
  'zk.notPossible.withPassword':
    'Your organization’s policy allows neither your password nor a recovery key to protect your encryption key, and a key can only be set up with one of them. Passkeys and trusted devices can only be added to a key that already exists.',
  'zk.notPossible.withoutPassword':
    'Your account has no password, and your organization’s policy allows neither a passkey nor a recovery key to protect your encryption key.',
  'zk.passkeyCannot.title': "Your passkey can't unlock your keys",
  'zk.passkeyCannot.text':
    "The passkey you signed in with can't unlock your encryption keys here. Use your password or your recovery key this time.",
  'recoveryKey.label': 'Recovery key of {date}',
  'devices.browserOnSystem': '{browser} on {system}',
} as const;
