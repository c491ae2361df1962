import type { AdminMessages } from '../message-types';

/** The admin portal's text for email templates: every key starts with `email-templates.` (admin/i18n/messages.test.ts). */
export const emailTemplatesMessages = {
  'email-templates.preview.heading': 'Preview',
  'email-templates.preview.aboutDraft':
    'Your unsaved text, with sample values in place of the variables. Every value is escaped in the HTML version, so it shows as text.',
  'email-templates.preview.aboutSaved':
    'The saved text, with sample values in place of the variables. Every value is escaped in the HTML version, so it shows as text.',
  'email-templates.preview.making': 'Making the preview…',
  'email-templates.preview.failed': 'The preview could not be made: {reason}',
  'email-templates.preview.subject': 'Subject',
  'email-templates.preview.htmlVersion': 'HTML version',
  'email-templates.preview.textVersion': 'Text version',
  'email-templates.preview.htmlFrame': 'HTML version of the email',
} as const satisfies AdminMessages;
