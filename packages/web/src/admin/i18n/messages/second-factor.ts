import type { AdminMessages } from '../message-types';

/** The admin portal's text for the second sign-in step: every key starts with `second-factor.`. */
export const secondFactorMessages = {
  'second-factor.title.verify': 'Two-step verification',
  'second-factor.title.enroll': 'Set up two-step verification',
  'second-factor.startFailed': 'The second step could not start',
  'second-factor.cancel': 'Cancel and sign out',
  'second-factor.verify.lead': 'Enter the code your authenticator app shows for this admin account.',
  'second-factor.verify.hint':
    '6 or 8 digits from the app. Lost your phone? Enter one of your backup codes instead.',
  'second-factor.verify.submit': 'Verify',
  'second-factor.verify.busy': 'Verifying…',
  'second-factor.backup.heading': 'Save your backup codes',
  'second-factor.backup.on': 'Two-step verification is on.',
  'second-factor.backup.onlyNow': 'These backup codes are shown only now.',
  'second-factor.backup.advice':
    'Each works once, instead of a code from the app, if you lose your phone. Store them somewhere safe, like a password manager.',
  'second-factor.backup.continue': 'I have saved them: continue',
  'second-factor.enroll.lead':
    'Admin accounts need a second step at sign-in: a code from an authenticator app on your phone (any app that supports TOTP).',
  'second-factor.enroll.startFailed': 'The setup could not start',
  'second-factor.enroll.starting': 'Starting…',
  'second-factor.enroll.start': 'Start setup',
  'second-factor.enroll.heading': 'Add this account to your authenticator app',
  'second-factor.enroll.scan': 'In the app, choose to add an account, then scan this QR code.',
  'second-factor.enroll.qrLabel': 'QR code for your authenticator app',
  'second-factor.enroll.openHere': 'On this device, open it in the app directly.',
  'second-factor.enroll.enterKey':
    'If you cannot scan it, choose to enter a setup key in the app instead, and enter this key (spaces do not matter). The app should use {algorithm}, {digits} digits and a {period}-second period; most apps assume these.',
  'second-factor.enroll.keyLabel': 'Setup key',
  'second-factor.enroll.enterCode': 'Enter the code the app now shows.',
  'second-factor.enroll.codeLabel': 'Code from the app',
  'second-factor.enroll.codeHint': '6 or 8 digits; a new one appears every few seconds.',
  'second-factor.enroll.submit': 'Turn on two-step verification',
  'second-factor.enroll.checking': 'Checking…',
} as const satisfies AdminMessages;
