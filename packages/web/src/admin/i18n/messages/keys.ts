import type { AdminMessages } from '../message-types';

/** The admin portal's text for the signing keys: every key starts with `keys.` (admin/i18n/messages.test.ts). */
export const keysMessages = {
  'keys.title': 'Signing keys',
  'keys.state.current': 'Current (signing)',
  'keys.state.next': 'Next (published)',
  'keys.state.retired': 'Retired (still published)',
  'keys.change.becomesCurrent': 'Becomes current after',
  'keys.change.waitsForRotation': 'Waits for the next rotation to become current',
  'keys.change.signsUntilRotation': 'Signs until the next rotation',
  'keys.change.removedAfter': 'Removed from the key set after',
  'keys.about':
    'Tokens are signed with the {current} key of each algorithm. A rotation publishes a new {next} key first, so apps that cache the key set learn it before it signs anything; the waiting next key becomes current once it has been published long enough, and the old current key is retired and later removed.',
  'keys.about.current': 'current',
  'keys.about.next': 'next',
  'keys.loadFailed': 'The keys could not be loaded',
  'keys.table.caption': 'Signing keys',
  'keys.column.kid': 'Key ID',
  'keys.column.algorithm': 'Algorithm',
  'keys.column.state': 'State',
  'keys.column.created': 'Created',
  'keys.column.activated': 'Activated',
  'keys.column.nextChange': 'Next change',
  'keys.rotate.heading': 'Rotate keys',
  'keys.rotate.done.title': 'Rotation started',
  'keys.rotate.done.body': 'The table above shows when each key changes state.',
  'keys.rotate.failed': 'The keys were not rotated',
  'keys.rotate.algorithms': 'Algorithms to rotate',
  'keys.rotate.label': 'Rotate signing keys',
  'keys.rotate.question':
    'Rotate {algorithms}? Waiting next keys are scheduled to become current and new next keys are published. Tokens already issued stay valid.',
  'keys.rotate.confirm': 'Rotate now',
  'keys.rotate.busy': 'Rotating…',
} as const satisfies AdminMessages;
