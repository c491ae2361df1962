import { type Static, Type } from 'typebox';
import { escapeHtml } from '../app/html-page.js';
import { type UiLocale, uiLocaleDirection } from '../config/ui-locales.js';

export const TEMPLATE_NAMES = [
  'verification',
  'password_reset',
  'email_change',
  'existing_account',
  'organization_invite',
] as const;

export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export function isTemplateName(name: string): name is TemplateName {
  return (TEMPLATE_NAMES as readonly string[]).includes(name);
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The editable text of a template: plain text with `{{variable}}` placeholders. The HTML part is always generated
 * from it, so neither an admin nor a variable can put markup into a message. The action (the link the message
 * exists for) always follows the paragraphs: its label can change, the link cannot be removed.
 */
export const TemplateContentSchema = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    paragraphs: Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), { minItems: 1, maxItems: 10 }),
    action_label: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);

export type TemplateContent = Static<typeof TemplateContentSchema>;

interface TemplateDefinition {
  description: string;
  /** The variables the sender provides, with what each holds. */
  variables: Record<string, string>;
  /** The variable holding the action's URL. */
  actionUrlVariable: string;
  content: TemplateContent;
}

const COMMON_VARIABLES = {
  product: 'The product name (setting product.name)',
  email: 'The recipient’s email address',
  link: 'The link the message is about (added after the paragraphs)',
};

/** The built-in templates. */
export const DEFAULT_TEMPLATES: Record<TemplateName, TemplateDefinition> = {
  verification: {
    description: 'Sent after self-registration to confirm the address.',
    variables: COMMON_VARIABLES,
    actionUrlVariable: 'link',
    content: {
      subject: 'Confirm your email address for {{product}}',
      paragraphs: [
        'Confirm that {{email}} is your address to finish creating your {{product}} account.',
        'The link works once and expires in 24 hours.',
      ],
      action_label: 'Confirm my email address',
    },
  },
  password_reset: {
    description: 'Sent when someone asks to reset a password (or an admin sends a reset email).',
    variables: COMMON_VARIABLES,
    actionUrlVariable: 'link',
    content: {
      subject: 'Reset your {{product}} password',
      paragraphs: [
        'Someone asked to reset the password of the {{product}} account for {{email}}.',
        'If it was you, choose a new password with the link below. It works once and expires in 1 hour.',
        'If it was not you, ignore this message; your password stays as it is.',
      ],
      action_label: 'Choose a new password',
    },
  },
  email_change: {
    description: 'Sent to a new address a user wants for their account.',
    variables: COMMON_VARIABLES,
    actionUrlVariable: 'link',
    content: {
      subject: 'Confirm your new email address for {{product}}',
      paragraphs: [
        'Confirm that {{email}} should become the address of your {{product}} account.',
        'The link works once and expires in 24 hours.',
      ],
      action_label: 'Confirm the new address',
    },
  },
  existing_account: {
    description: 'Sent when someone tries to register with an address that already has an account.',
    variables: COMMON_VARIABLES,
    actionUrlVariable: 'link',
    content: {
      subject: 'Someone tried to create a {{product}} account with your address',
      paragraphs: [
        'Someone tried to create a new {{product}} account for {{email}}, but you already have one.',
        'If it was you, sign in instead, or reset your password if you forgot it. Otherwise you can ignore this message.',
      ],
      action_label: 'Sign in',
    },
  },
  organization_invite: {
    description: 'Sent when someone is invited to join an organization.',
    variables: {
      ...COMMON_VARIABLES,
      organization: 'The organization’s name',
      inviter: 'Who sent the invitation',
      expires: 'When the invitation expires (UTC)',
    },
    actionUrlVariable: 'link',
    content: {
      subject: 'You are invited to join {{organization}} on {{product}}',
      paragraphs: [
        '{{inviter}} invited {{email}} to join the organization {{organization}} on {{product}}.',
        'Sign in with this address (or create an account with it) to accept or decline. The link works once and expires on {{expires}}.',
        'If you did not expect this, you can ignore this message.',
      ],
      action_label: 'See the invitation',
    },
  },
};

function fill(text: string, variables: Record<string, string>, encode: (value: string) => string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => encode(variables[name] ?? ''));
}

/** The brand an email wears (docs/branding.md): its colour and the absolute address of its logo. */
export interface EmailBrand {
  primaryColor: string | null;
  logoUrl: string | null;
}

/**
 * Renders a template's content (the built-in one unless given). Every variable and every piece of the template's
 * own text is HTML-escaped in the HTML part, so neither an address nor an edited template can inject markup.
 */
export function renderEmail(
  name: TemplateName,
  variables: Record<string, string>,
  content: TemplateContent = DEFAULT_TEMPLATES[name].content,
  brand?: EmailBrand,
  /** The language the content is in, when known: the HTML part declares it (and right to left for Arabic). */
  language?: UiLocale | null,
): RenderedEmail {
  const plain = (value: string) => value;
  const html = (text: string) => fill(escapeHtml(text), variables, escapeHtml);
  // A header never carries a line break, whatever a variable holds (header injection).
  const subject = fill(content.subject, variables, plain).replace(/[\r\n]+/g, ' ');
  const url = variables[DEFAULT_TEMPLATES[name].actionUrlVariable] ?? '';
  const label = content.action_label;
  const textLines = content.paragraphs.map((paragraph) => fill(paragraph, variables, plain));
  textLines.push('', `${fill(label, variables, plain)}: ${url}`);
  const htmlParagraphs = content.paragraphs.map((paragraph) => `<p>${html(paragraph)}</p>`);
  // The brand's colour is a checked #rrggbb (branding/), the only value that reaches a style attribute.
  const color = brand?.primaryColor && /^#[0-9a-f]{6}$/i.test(brand.primaryColor) ? brand.primaryColor : null;
  const linkStyle = color ? ` style="color:${color}"` : '';
  htmlParagraphs.push(`<p><a href="${escapeHtml(url)}"${linkStyle}>${html(label)}</a></p>`);
  const logo = brand?.logoUrl
    ? `<p><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(variables.product ?? '')}" height="40"></p>`
    : '';
  const rule = color ? `<hr style="border:0;border-top:4px solid ${color}">` : '';
  return {
    subject,
    text: `${textLines.join('\n')}\n`,
    html: `<!doctype html><html${language ? ` lang="${language}" dir="${uiLocaleDirection(language)}"` : ''}><body>${logo}${rule}${htmlParagraphs.join('')}</body></html>`,
  };
}
