import type { AdminMessages } from '../message-types';

/** The admin portal's text for the overview: every key starts with `dashboard.` (admin/i18n/messages.test.ts). */
export const dashboardMessages = {
  'dashboard.title': 'Overview',
  'dashboard.managing': 'Managing {name}.',
  'dashboard.users.title': 'Users',
  'dashboard.users.link': 'Manage users',
  'dashboard.users.about': 'about {count}',
  'dashboard.clients.title': 'Clients',
  'dashboard.clients.link': 'Manage clients',
  'dashboard.clients.moreThan': 'more than {count}',
  'dashboard.admins.title': 'Admins',
  'dashboard.admins.link': 'Manage admins',
  'dashboard.admins.writeCount': '({write} write)',
  'dashboard.keys.title': 'Signing keys',
  'dashboard.keys.link': 'See signing keys',
  'dashboard.settings.title': 'Settings',
  'dashboard.settings.link': 'Change settings',
  'dashboard.settings.selfRegistrationOpen': 'Self-registration: open',
  'dashboard.settings.selfRegistrationClosed': 'Self-registration: closed',
  'dashboard.settings.emailVia': 'Email: via {host}',
  'dashboard.settings.emailNotConfigured': 'Email: not configured',
  'dashboard.activity.title': 'Latest activity',
  'dashboard.activity.link': 'Open the audit log',
  'dashboard.activity.none': 'Nothing yet.',
} as const satisfies AdminMessages;
