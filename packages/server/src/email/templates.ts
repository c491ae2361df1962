import { escapeHtml } from '../app/html-page.js';

export type TemplateName =
  | 'verification'
  | 'password_reset'
  | 'email_change'
  | 'existing_account'
  | 'organization_invite';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface Template {
  subject: string;
  /** Lines of the message; `{{name}}` is replaced by a variable (HTML-escaped in the HTML part). */
  lines: string[];
  action?: { label: string; urlVariable: string };
}

/** The built-in templates. Variables: product, link, email (and organization, inviter for invitations). */
export const DEFAULT_TEMPLATES: Record<TemplateName, Template> = {
  verification: {
    subject: 'Confirm your email address for {{product}}',
    lines: [
      'Confirm that {{email}} is your address to finish creating your {{product}} account.',
      'The link works once and expires in 24 hours.',
    ],
    action: { label: 'Confirm my email address', urlVariable: 'link' },
  },
  password_reset: {
    subject: 'Reset your {{product}} password',
    lines: [
      'Someone asked to reset the password of the {{product}} account for {{email}}.',
      'If it was you, choose a new password with the link below. It works once and expires in 1 hour.',
      'If it was not you, ignore this message; your password stays as it is.',
    ],
    action: { label: 'Choose a new password', urlVariable: 'link' },
  },
  email_change: {
    subject: 'Confirm your new email address for {{product}}',
    lines: [
      'Confirm that {{email}} should become the address of your {{product}} account.',
      'The link works once and expires in 24 hours.',
    ],
    action: { label: 'Confirm the new address', urlVariable: 'link' },
  },
  existing_account: {
    subject: 'Someone tried to create a {{product}} account with your address',
    lines: [
      'Someone tried to create a new {{product}} account for {{email}}, but you already have one.',
      'If it was you, sign in instead, or reset your password if you forgot it. Otherwise you can ignore this message.',
    ],
    action: { label: 'Sign in', urlVariable: 'link' },
  },
  organization_invite: {
    subject: 'You are invited to join {{organization}} on {{product}}',
    lines: [
      '{{inviter}} invited {{email}} to join the organization {{organization}} on {{product}}.',
      'Sign in with this address (or create an account with it) to accept or decline. The link works once and expires on {{expires}}.',
      'If you did not expect this, you can ignore this message.',
    ],
    action: { label: 'See the invitation', urlVariable: 'link' },
  },
};

function fill(text: string, variables: Record<string, string>, encode: (value: string) => string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => encode(variables[name] ?? ''));
}

/** Renders a template; every variable is HTML-escaped in the HTML part, so an address cannot inject markup. */
export function renderEmail(name: TemplateName, variables: Record<string, string>): RenderedEmail {
  const template = DEFAULT_TEMPLATES[name];
  const plain = (value: string) => value;
  const subject = fill(template.subject, variables, plain).replace(/[\r\n]+/g, ' ');
  const textLines = template.lines.map((line) => fill(line, variables, plain));
  const htmlLines = template.lines.map((line) => `<p>${fill(escapeHtml(line), variables, escapeHtml)}</p>`);
  if (template.action) {
    const url = variables[template.action.urlVariable] ?? '';
    textLines.push('', `${template.action.label}: ${url}`);
    htmlLines.push(`<p><a href="${escapeHtml(url)}">${escapeHtml(template.action.label)}</a></p>`);
  }
  return {
    subject,
    text: `${textLines.join('\n')}\n`,
    html: `<!doctype html><html><body>${htmlLines.join('')}</body></html>`,
  };
}
