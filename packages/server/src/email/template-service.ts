import { type ApiError, appError } from '../app/errors.js';
import type { SettingsService } from '../config/settings.js';
import { isUiLocale, type UiLocale } from '../config/ui-locales.js';
import { emailError } from './errors.js';
import {
  DEFAULT_TEMPLATES,
  isTemplateName,
  type RenderedEmail,
  renderEmail,
  TEMPLATE_NAMES,
  type TemplateContent,
  type TemplateName,
} from './templates.js';
import { builtInContent } from './translations.js';

export interface TemplateView {
  name: TemplateName;
  description: string;
  variables: { name: string; description: string }[];
  default: TemplateContent;
  current: TemplateContent;
  overridden: boolean;
}

/** Where an admin's version of each template is kept: a hidden setting (cached, invalidated across nodes). */
const settingKey = (name: TemplateName) => `email.templates.${name}` as const;

/** Any `{{…}}` in a text: each must name a variable the template provides. */
const PLACEHOLDER = /\{\{(.*?)\}\}/g;
/** Line breaks and other control characters: a subject is a header, and a paragraph or label is one line. */
const CONTROL = /\p{Cc}/u;

const SAMPLE_VALUES: Record<string, string> = {
  email: 'ada@example.com',
  organization: 'Example Research',
  inviter: 'Grace Hopper (grace@example.com)',
  expires: '2030-01-31 12:00 UTC',
};

/**
 * Email templates an admin may reword: each template's current text is its override when one is set, the built-in
 * text otherwise. The HTML part is always generated from the text (see renderEmail), so an override carries no
 * markup, and the action link is always added after the paragraphs.
 */
export class EmailTemplateService {
  constructor(
    private readonly settings: SettingsService,
    private readonly baseUrl: string,
  ) {}

  list(): TemplateView[] {
    return TEMPLATE_NAMES.map((name) => this.view(name));
  }

  /** The template by name; 404 for a name that is not a template. */
  find(name: string): TemplateView {
    return this.view(this.known(name));
  }

  /**
   * The text the mailer uses now for a recipient who reads `locale`: an admin's version when one is set, which
   * replaces the template in every language (docs/languages.md#emails), else the built-in text in that language.
   */
  content(name: TemplateName, locale?: string | null): TemplateContent {
    return this.settings.get(settingKey(name)) ?? builtInContent(name, locale);
  }

  /** The language `content(name, locale)` is written in: null for an admin's version (its language is unknown). */
  languageOf(name: TemplateName, locale?: string | null): UiLocale | null {
    if (this.settings.get(settingKey(name)) !== null) return null;
    return isUiLocale(locale) ? locale : 'en';
  }

  /** Saves an admin's version after checking it; the built-in text saved unchanged is no override. */
  async update(name: string, content: TemplateContent): Promise<TemplateView> {
    const template = this.known(name);
    checkContent(template, content);
    if (sameContent(content, DEFAULT_TEMPLATES[template].content)) {
      await this.settings.reset(settingKey(template));
      return this.view(template, null);
    }
    await this.settings.set(settingKey(template), content);
    // From what was saved, not from the settings cache, which changes only once the caller's transaction commits.
    return this.view(template, content);
  }

  /** Back to the built-in text. */
  async reset(name: string): Promise<TemplateView> {
    const template = this.known(name);
    await this.settings.reset(settingKey(template));
    return this.view(template, null);
  }

  /**
   * Renders a draft (or the current text) with sample values, the way a recipient would get it. `sample` replaces
   * some of the sample values, to see how an unusual one (a long name, markup) comes out.
   */
  preview(name: string, draft?: TemplateContent, sample: Record<string, string> = {}): RenderedEmail {
    const template = this.known(name);
    const content = draft ?? this.content(template);
    checkContent(template, content);
    for (const variable of Object.keys(sample)) checkVariable(template, variable);
    const defaults: Record<string, string> = {
      ...SAMPLE_VALUES,
      product: this.settings.get('product.name'),
      link: `${this.baseUrl}/ui/example?token=sample-token`,
    };
    const variables: Record<string, string> = {};
    for (const variable of Object.keys(DEFAULT_TEMPLATES[template].variables))
      variables[variable] = sample[variable] ?? defaults[variable] ?? '';
    return renderEmail(template, variables, content);
  }

  private known(name: string): TemplateName {
    if (!isTemplateName(name)) throw appError('not_found', `no email template '${name}'`);
    return name;
  }

  private view(
    name: TemplateName,
    override: TemplateContent | null = this.settings.get(settingKey(name)),
  ): TemplateView {
    const definition = DEFAULT_TEMPLATES[name];
    return {
      name,
      description: definition.description,
      variables: Object.entries(definition.variables).map(([variable, description]) => ({
        name: variable,
        description,
      })),
      default: definition.content,
      current: override ?? definition.content,
      overridden: override !== null,
    };
  }
}

function sameContent(a: TemplateContent, b: TemplateContent): boolean {
  return (
    a.subject === b.subject &&
    a.action_label === b.action_label &&
    a.paragraphs.length === b.paragraphs.length &&
    a.paragraphs.every((paragraph, index) => paragraph === b.paragraphs[index])
  );
}

function invalid(message: string): ApiError {
  return emailError('invalid_template', message);
}

function checkVariable(template: TemplateName, variable: string): void {
  const provided = Object.keys(DEFAULT_TEMPLATES[template].variables);
  if (!provided.includes(variable)) {
    throw emailError(
      'unknown_template_variable',
      `{{${variable}}} is not a variable of the ${template} template; it provides ${provided
        .map((name) => `{{${name}}}`)
        .join(', ')}`,
    );
  }
}

/** Checks one field's text: one line, not blank, and only the template's own `{{variables}}`. */
function checkText(template: TemplateName, field: string, text: string): void {
  if (text.trim() === '') throw invalid(`${field} must not be blank`);
  if (CONTROL.test(text))
    throw invalid(`${field} must be one line: line breaks and control characters are not allowed`);
  for (const match of text.matchAll(PLACEHOLDER)) {
    const variable = match[1]!.trim();
    checkVariable(template, variable);
    if (variable !== match[1])
      throw invalid(`${field}: write {{${variable}}} without spaces inside the braces`);
  }
  // What is left after the placeholders must hold no stray braces, which would reach the recipient as typed.
  if (/\{\{|\}\}/.test(text.replace(PLACEHOLDER, '')))
    throw invalid(`${field} has an unclosed {{ or a stray }}: write variables as {{name}}`);
}

/** The rules beyond the schema's lengths (which the route enforces before this runs). */
function checkContent(template: TemplateName, content: TemplateContent): void {
  checkText(template, 'the subject', content.subject);
  content.paragraphs.forEach((paragraph, index) => {
    checkText(template, `paragraph ${index + 1}`, paragraph);
  });
  // The label may change, but the action itself (the link the message exists for) is always kept.
  checkText(template, 'the action label', content.action_label);
}
