import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { SettingsService } from '../config/settings.js';
import { emailError } from './errors.js';
import type { EmailTemplateService } from './template-service.js';
import { type EmailBrand, renderEmail, type TemplateName } from './templates.js';

export interface OutgoingEmail {
  to: string;
  template: TemplateName;
  variables: Record<string, string>;
  /** The recipient's language (config/ui-locales.ts): the account's saved one, or the request's; English if none. */
  locale?: string | null;
}

/**
 * Where the deployment's brand for emails comes from (docs/branding.md): the branding slice, listed after this one
 * in app/modules.ts because an organization's brand points at the organization, hands it over once it is built.
 */
export interface EmailBrandSource {
  emailBrand(): Promise<{ product: string; brand: EmailBrand }>;
}

/** The features that need email say so clearly when it is not configured (production). */
export const emailNotConfigured = () =>
  emailError('email_not_configured', 'email is not configured on this server; ask the administrator');

/**
 * Sends account emails over SMTP (nodemailer) with the SMTP settings. Without SMTP settings, development mode writes
 * the message to the log instead (the "outbox"), and production refuses with `email_not_configured`.
 */
export class Mailer {
  constructor(
    private readonly config: Config,
    private readonly settings: SettingsService,
    private readonly templates: EmailTemplateService,
    private readonly logger: Logger,
  ) {}

  private brands: EmailBrandSource | undefined;

  /** Emails wear the brand `source` gives from now on; without one, only the `product.name` setting. */
  wearBrand(source: EmailBrandSource): void {
    this.brands = source;
  }

  private async brand(): Promise<{ product: string; brand: EmailBrand | undefined }> {
    if (!this.brands) return { product: this.settings.get('product.name'), brand: undefined };
    return this.brands.emailBrand();
  }

  configured(): boolean {
    return this.settings.get('smtp.host') !== '' && this.settings.get('smtp.from') !== '';
  }

  /** Whether a feature that needs email can be offered at all. */
  available(): boolean {
    return this.configured() || this.config.environment === 'development';
  }

  async send(email: OutgoingEmail): Promise<void> {
    // The admin's version of the template when one is set (email-template endpoints), the built-in one otherwise.
    const { product, brand } = await this.brand();
    const rendered = renderEmail(
      email.template,
      { product, ...email.variables },
      this.templates.content(email.template, email.locale),
      brand,
      this.templates.languageOf(email.template, email.locale),
    );
    if (!this.configured()) {
      if (this.config.environment !== 'development') throw emailNotConfigured();
      this.logger.info(
        { outbox: { to: email.to, subject: rendered.subject, text: rendered.text } },
        'email (SMTP not configured)',
      );
      return;
    }
    try {
      await this.transport().sendMail({
        from: this.settings.get('smtp.from'),
        to: email.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      });
    } catch (error) {
      // The SMTP server's reply may name hosts and users: log it for the operator, tell the user only that it failed.
      this.logger.error({ err: error, template: email.template }, 'sending email failed');
      throw emailError('email_send_failed', 'the email could not be sent; try again later');
    }
  }

  /** A test message with SMTP settings that are not saved yet (install, settings page). */
  async sendTestWith(smtp: SmtpSettings, to: string): Promise<void> {
    try {
      await createTransport(smtp).sendMail({
        from: smtp.from,
        to,
        subject: `${this.settings.get('product.name')}: SMTP test`,
        text: 'This is a test message: the SMTP settings work.\n',
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'SMTP test failed');
      throw emailError('email_send_failed', `the test message could not be sent: ${smtpFailure(error)}`);
    }
  }

  private transport() {
    return createTransport({
      host: this.settings.get('smtp.host'),
      port: this.settings.get('smtp.port'),
      security: this.settings.get('smtp.security'),
      user: this.settings.get('smtp.user'),
      password: this.settings.get('smtp.password'),
      from: this.settings.get('smtp.from'),
    });
  }
}

export interface SmtpSettings {
  host: string;
  port: number;
  security: 'starttls' | 'tls' | 'none';
  user?: string;
  password?: string;
  from: string;
}

function createTransport(smtp: SmtpSettings) {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === 'tls',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'none',
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** What an admin may see of an SMTP failure: the kind, not the server's reply (which may echo credentials). */
function smtpFailure(error: unknown): string {
  const code = (error as { code?: string }).code;
  const known: Record<string, string> = {
    ECONNECTION: 'could not connect',
    ETIMEDOUT: 'timed out',
    EAUTH: 'authentication failed',
    ETLS: 'TLS failed',
    EENVELOPE: 'the sender or recipient was refused',
    EMESSAGE: 'the message was refused',
    ESOCKET: 'connection error',
  };
  return (code && known[code]) || 'unknown error';
}
