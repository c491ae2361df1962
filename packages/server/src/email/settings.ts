import { Type } from 'typebox';
import { defineSetting, type SettingDefinition, type SettingDefinitions } from '../config/settings.js';
import { TemplateContentSchema } from './templates.js';

/** An admin's version of an email template; null means the built-in one (see the email-template endpoints). */
const TemplateOverrideSchema = Type.Union([TemplateContentSchema, Type.Null()]);

function emailTemplateOverride(template: string): SettingDefinition<typeof TemplateOverrideSchema> {
  return {
    schema: TemplateOverrideSchema,
    default: null,
    description: `The ${template} email's subject, paragraphs and action label, when an admin changed them.`,
    hidden: true,
  };
}

/** SMTP transport, and admins’ versions of the email templates. */
export const EMAIL_SETTINGS = {
  'smtp.host': defineSetting(
    Type.String({ maxLength: 255 }),
    '',
    'SMTP server host; empty means email is not configured.',
  ),
  'smtp.port': defineSetting(Type.Integer({ minimum: 1, maximum: 65535 }), 587, 'SMTP server port.'),
  'smtp.security': defineSetting(
    Type.Union([Type.Literal('starttls'), Type.Literal('tls'), Type.Literal('none')]),
    'starttls',
    'starttls (upgrade, required), tls (implicit TLS, usually port 465) or none (loopback relays only).',
  ),
  'smtp.user': defineSetting(
    Type.String({ maxLength: 255 }),
    '',
    'SMTP user name (empty: no authentication).',
  ),
  'smtp.password': {
    ...defineSetting(Type.String({ maxLength: 2000 }), '', 'SMTP password, sealed at rest; never returned.'),
    secure: true,
  },
  'smtp.from': defineSetting(
    Type.String({ maxLength: 320 }),
    '',
    'Sender address, e.g. "Acme ID <id@acme.example>".',
  ),
  'email.templates.verification': emailTemplateOverride('verification'),
  'email.templates.password_reset': emailTemplateOverride('password reset'),
  'email.templates.email_change': emailTemplateOverride('email change'),
  'email.templates.existing_account': emailTemplateOverride('existing account'),
  'email.templates.organization_invite': emailTemplateOverride('organization invitation'),
} satisfies SettingDefinitions;

type EmailSettingDefinitions = typeof EMAIL_SETTINGS;

// The keys are typed for `settings.get` where they are defined (see SettingCatalogue).
declare module '../config/settings.js' {
  interface SettingCatalogue extends EmailSettingDefinitions {}
}
