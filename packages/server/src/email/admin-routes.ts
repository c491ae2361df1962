import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { adminActor, auditedAdminChange } from '../app/ports/admin-audit.js';
import { Email } from '../app/ports/schemas.js';
import type { AuditAction } from '../audit/actions.js';
import { emailError } from './errors.js';
import type { TemplateView } from './template-service.js';
import { type TemplateContent, TemplateContentSchema } from './templates.js';

const TemplateViewSchema = Type.Object({
  name: Type.String(),
  description: Type.String(),
  variables: Type.Array(Type.Object({ name: Type.String(), description: Type.String() }), {
    description: 'The {{variables}} this template may use',
  }),
  default: TemplateContentSchema,
  current: TemplateContentSchema,
  overridden: Type.Boolean({ description: 'Whether an admin changed the built-in text' }),
});

const RenderedSchema = Type.Object({
  subject: Type.String(),
  text: Type.String(),
  html: Type.String({ description: 'Generated from the text; every variable HTML-escaped' }),
});

const NameParams = Type.Object({ name: Type.String({ maxLength: 100 }) });

const PreviewBody = Type.Object(
  {
    ...TemplateContentSchema.properties,
    sample_values: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 500 }), {
        maxProperties: 20,
        description: 'Replaces some of the sample values (only variables the template provides)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** Which fields an update changed, with their old and new text (templates hold no secrets). */
function changes(before: TemplateContent, after: TemplateContent): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  if (before.subject !== after.subject) changed.subject = { from: before.subject, to: after.subject };
  if (JSON.stringify(before.paragraphs) !== JSON.stringify(after.paragraphs))
    changed.paragraphs = { from: before.paragraphs, to: after.paragraphs };
  if (before.action_label !== after.action_label)
    changed.action_label = { from: before.action_label, to: after.action_label };
  return changed;
}

/** Email templates: list, reword, reset to the built-in text, and preview with sample values. */
export function registerAdminEmailTemplateRoutes(app: App, context: AppContext): void {
  const templates = context.email.templates;

  /** Saves a template's new text with the audit entry of what changed, in one transaction. */
  const audited = (
    action: AuditAction,
    request: FastifyRequest,
    name: string,
    change: () => Promise<TemplateView>,
  ) => {
    const before = templates.find(name);
    return auditedAdminChange(context, request, change, (after) => ({
      action,
      target: { type: 'email_template', id: after.name },
      details: {
        template: after.name,
        overridden: after.overridden,
        changes: changes(before.current, after.current),
      },
    }));
  };

  app.get(
    '/admin/email-templates',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-email-templates'],
        summary: 'Every email template with its variables, built-in and current text',
        response: { 200: Type.Object({ templates: Type.Array(TemplateViewSchema) }), ...errorResponses() },
      },
    },
    async () => ({ templates: templates.list() }),
  );

  app.get(
    '/admin/email-templates/:name',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-email-templates'],
        summary: 'One email template',
        params: NameParams,
        response: { 200: TemplateViewSchema, ...errorResponses('not_found') },
      },
    },
    async (request) => templates.find(request.params.name),
  );

  app.get(
    '/admin/email-templates/:name/preview',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-email-templates'],
        summary: 'The current text rendered with sample values',
        params: NameParams,
        response: { 200: RenderedSchema, ...errorResponses('not_found') },
      },
    },
    async (request) => templates.preview(request.params.name),
  );

  app.post(
    '/admin/email-templates/:name/preview',
    {
      // A draft is only ever someone's edit in progress, so previewing one is for the admins who can save it.
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-email-templates'],
        summary: 'Renders a draft (not saved) with sample values',
        params: NameParams,
        body: PreviewBody,
        response: {
          200: RenderedSchema,
          ...errorResponses('not_found', 'invalid_template', 'unknown_template_variable'),
        },
      },
    },
    async (request) => {
      const { sample_values: sample, ...draft } = request.body;
      return templates.preview(request.params.name, draft, sample);
    },
  );

  app.put(
    '/admin/email-templates/:name',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-email-templates'],
        summary: 'Rewords a template (plain text with {{variables}}; the HTML part is generated from it)',
        params: NameParams,
        body: TemplateContentSchema,
        response: {
          200: TemplateViewSchema,
          ...errorResponses('not_found', 'invalid_template', 'unknown_template_variable'),
        },
      },
    },
    async (request) => {
      return audited('email_template.updated', request, request.params.name, () =>
        templates.update(request.params.name, request.body),
      );
    },
  );

  app.post(
    '/admin/email-templates/:name/reset',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-email-templates'],
        summary: 'Puts the built-in text back',
        params: NameParams,
        response: { 200: TemplateViewSchema, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      return audited('email_template.reset', request, request.params.name, () =>
        templates.reset(request.params.name),
      );
    },
  );
}

/** Sends a test message with the saved SMTP settings. */
export function registerAdminSmtpTestRoute(app: App, context: AppContext): void {
  app.post(
    '/admin/smtp/test',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-settings'],
        summary: 'Sends a test message with the saved SMTP settings',
        body: Type.Object({ to: Email }, { additionalProperties: false }),
        response: {
          200: Type.Object({ sent: Type.Literal(true) }),
          ...errorResponses('email_not_configured', 'email_send_failed'),
        },
      },
    },
    async (request) => {
      const settings = context.settings;
      if (!context.email.mailer.configured())
        throw emailError('email_not_configured', 'set smtp.host and smtp.from first');
      await context.email.mailer.sendTestWith(
        {
          host: settings.get('smtp.host'),
          port: settings.get('smtp.port'),
          security: settings.get('smtp.security'),
          user: settings.get('smtp.user'),
          password: settings.get('smtp.password'),
          from: settings.get('smtp.from'),
        },
        request.body.to,
      );
      await context.audit.record({
        action: 'smtp.tested',
        outcome: 'success',
        ...adminActor(request),
      });
      return { sent: true as const };
    },
  );
}
