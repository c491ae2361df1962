import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, createAdmin, installViaApi } from '../testing/admin.js';
import { postJson } from '../testing/opaque-client.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { type CapturedMail, SmtpCapture } from '../testing/smtp.js';

let server: TestServer;
let writer: AdminSession;
let reader: AdminSession;
const smtp = new SmtpCapture();
const USER_EMAIL = 'ada@example.com';

beforeAll(async () => {
  server = await startTestServer();
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await smtp.start();
  await smtp.configure(server);
  await installViaApi(server, 'root@example.com', 'writer password one');
  writer = await adminSignIn(server, 'root@example.com', 'writer password one');
  await createAdmin(server, writer, 'reader@example.com', 'reader password two', 'read');
  reader = await adminSignIn(server, 'reader@example.com', 'reader password two');
  const user = await adminFetch(server, writer, 'POST', '/admin/users', { email: USER_EMAIL });
  expect(user.status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

interface Content {
  subject: string;
  paragraphs: string[];
  action_label: string;
}
interface TemplateView {
  name: string;
  variables: { name: string }[];
  default: Content;
  current: Content;
  overridden: boolean;
}

const RESET_DRAFT: Content = {
  subject: 'Your {{product}} password reset',
  paragraphs: ['Hello {{email}}, here is the reset link you asked for.', 'It expires in an hour.'],
  action_label: 'Pick a new password',
};

async function template(session: AdminSession, name: string): Promise<TemplateView> {
  const response = await adminFetch(server, session, 'GET', `/admin/email-templates/${name}`);
  expect(response.status).toBe(200);
  return response.json as unknown as TemplateView;
}

/** The message as a recipient reads it: Subject header, and the body with quoted-printable encoding undone. */
function readMail(mail: CapturedMail): { subject: string; body: string } {
  const separator = mail.raw.search(/\r?\n\r?\n/);
  const head = mail.raw.slice(0, separator).replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const body = mail.raw
    .slice(separator)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return { subject, body };
}

/** Asks for a password reset as the user would, and returns the email that arrived. */
async function requestReset(): Promise<{ subject: string; body: string }> {
  const before = smtp.to(USER_EMAIL).length;
  const response = await postJson(`${server.publicUrl}/api/user/password/reset/request`, {
    email: USER_EMAIL,
  });
  expect(response.status).toBe(202);
  const received = smtp.to(USER_EMAIL);
  expect(received.length).toBe(before + 1);
  return readMail(received[received.length - 1]!);
}

describe('email templates through the admin API', () => {
  it('lists every template with its variables and the built-in text, none overridden', async () => {
    const listed = await adminFetch(server, reader, 'GET', '/admin/email-templates');
    expect(listed.status).toBe(200);
    const templates = listed.json.templates as TemplateView[];
    expect(templates.map((entry) => entry.name)).toEqual([
      'verification',
      'password_reset',
      'email_change',
      'existing_account',
      'organization_invite',
    ]);
    for (const entry of templates) {
      expect(entry.overridden).toBe(false);
      expect(entry.current).toEqual(entry.default);
    }
    const reset = templates.find((entry) => entry.name === 'password_reset')!;
    expect(reset.default.subject).toBe('Reset your {{product}} password');
    expect(reset.variables.map((variable) => variable.name)).toEqual(['product', 'email', 'link']);
    const invite = templates.find((entry) => entry.name === 'organization_invite')!;
    expect(invite.variables.map((variable) => variable.name)).toContain('organization');
    expect((await adminFetch(server, reader, 'GET', '/admin/email-templates/no_such')).status).toBe(404);
  });

  it('previews a draft with every variable HTML-escaped, and saves nothing', async () => {
    const preview = await adminFetch(
      server,
      writer,
      'POST',
      '/admin/email-templates/password_reset/preview',
      {
        ...RESET_DRAFT,
        paragraphs: [...RESET_DRAFT.paragraphs, 'Admin text <b>stays text</b> & so on.'],
        sample_values: { email: '<img src=x onerror=alert(1)>@example.com' },
      },
    );
    expect(preview.status).toBe(200);
    const rendered = preview.json as { subject: string; text: string; html: string };
    expect(rendered.subject).toBe('Your Acme ID password reset');
    expect(rendered.text).toContain('Hello <img src=x onerror=alert(1)>@example.com, here is the reset link');
    expect(rendered.text).toMatch(/Pick a new password: http:\/\/\S+\/ui\/\S+/);
    expect(rendered.html).not.toContain('<img');
    expect(rendered.html).not.toContain('<b>');
    expect(rendered.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;@example.com');
    expect(rendered.html).toContain('Admin text &lt;b&gt;stays text&lt;/b&gt; &amp; so on.');
    expect(rendered.html).toMatch(/<a href="http:\/\/[^"]+\/ui\/[^"]+">Pick a new password<\/a>/);
    expect((await template(reader, 'password_reset')).overridden).toBe(false);

    // A read admin sees the current text rendered, but cannot preview drafts.
    const current = await adminFetch(server, reader, 'GET', '/admin/email-templates/password_reset/preview');
    expect(current.status).toBe(200);
    expect(current.json.subject).toBe('Reset your Acme ID password');
    const asReader = await adminFetch(
      server,
      reader,
      'POST',
      '/admin/email-templates/password_reset/preview',
      RESET_DRAFT,
    );
    expect(asReader.status).toBe(403);
  });

  it('refuses a variable the template does not provide, and saves nothing', async () => {
    const refused = await adminFetch(server, writer, 'PUT', '/admin/email-templates/password_reset', {
      ...RESET_DRAFT,
      paragraphs: ['Welcome to {{organization}}.'],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('unknown_template_variable');
    expect(refused.json.message).toContain('{{organization}}');
    const preview = await adminFetch(server, writer, 'POST', '/admin/email-templates/verification/preview', {
      ...RESET_DRAFT,
      sample_values: { inviter: 'x' },
    });
    expect(preview.status).toBe(400);
    expect(preview.json.message).toContain('{{inviter}}');
    expect(await template(reader, 'password_reset')).toMatchObject({ overridden: false });
    expect((await template(reader, 'password_reset')).current.paragraphs).not.toContain(
      'Welcome to {{organization}}.',
    );
  });

  it('refuses line breaks in the subject, blank or overlong text, a removed action and unknown templates', async () => {
    const put = (name: string, body: unknown) =>
      adminFetch(server, writer, 'PUT', `/admin/email-templates/${name}`, body);
    const cases: [unknown, RegExp][] = [
      [{ ...RESET_DRAFT, subject: 'Reset\r\nBcc: victim@example.com' }, /subject must be one line/],
      [{ ...RESET_DRAFT, paragraphs: ['   '] }, /paragraph 1 must not be blank/],
      [{ ...RESET_DRAFT, paragraphs: [] }, /paragraphs/],
      [{ ...RESET_DRAFT, subject: 'x'.repeat(201) }, /subject/],
      [{ ...RESET_DRAFT, paragraphs: ['x'.repeat(1001)] }, /paragraphs/],
      [{ ...RESET_DRAFT, action_label: '' }, /action_label/],
      [{ subject: RESET_DRAFT.subject, paragraphs: RESET_DRAFT.paragraphs }, /action_label/],
      [{ ...RESET_DRAFT, subject: 'Reset {{ product }}' }, /without spaces/],
      [{ ...RESET_DRAFT, subject: 'Reset {{product' }, /unclosed/],
      [{ ...RESET_DRAFT, html: '<p>hi</p>' }, /html|additional/i],
    ];
    for (const [body, message] of cases) {
      const response = await put('password_reset', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json.message).toMatch(message);
    }
    expect((await put('no_such', RESET_DRAFT)).status).toBe(404);
    expect((await template(reader, 'password_reset')).overridden).toBe(false);
  });

  it('a read admin cannot change or reset a template', async () => {
    const update = await adminFetch(
      server,
      reader,
      'PUT',
      '/admin/email-templates/password_reset',
      RESET_DRAFT,
    );
    expect(update.status).toBe(403);
    expect(update.json.error).toBe('write_admin_required');
    const reset = await adminFetch(server, reader, 'POST', '/admin/email-templates/password_reset/reset');
    expect(reset.status).toBe(403);
    expect((await template(reader, 'password_reset')).overridden).toBe(false);
  });

  it('a saved template is what the next email says; reset brings the built-in text back; both audited', async () => {
    const before = await requestReset();
    expect(before.subject).toBe('Reset your Acme ID password');

    const saved = await adminFetch(
      server,
      writer,
      'PUT',
      '/admin/email-templates/password_reset',
      RESET_DRAFT,
    );
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ overridden: true, current: RESET_DRAFT });
    expect((await template(reader, 'password_reset')).current).toEqual(RESET_DRAFT);

    const changed = await requestReset();
    expect(changed.subject).toBe('Your Acme ID password reset');
    expect(changed.body).toContain(`Hello ${USER_EMAIL}, here is the reset link you asked for.`);
    expect(changed.body).toMatch(/Pick a new password: http:\/\/\S+\/ui\/reset-password\?token=\S+/);
    expect(changed.body).not.toContain('Someone asked to reset the password');

    const reset = await adminFetch(server, writer, 'POST', '/admin/email-templates/password_reset/reset');
    expect(reset.status).toBe(200);
    expect(reset.json.overridden).toBe(false);
    expect(reset.json.current).toEqual(reset.json.default);
    const restored = await requestReset();
    expect(restored.subject).toBe('Reset your Acme ID password');
    expect(restored.body).toContain('Someone asked to reset the password');

    const audit = await adminFetch(server, reader, 'GET', '/admin/audit?target=password_reset');
    const events = audit.json.events as {
      action: string;
      actor_id: string;
      details: Record<string, unknown>;
    }[];
    const updated = events.find((event) => event.action === 'email_template.updated');
    expect(updated?.actor_id).toBe(writer.id);
    expect(updated?.details).toMatchObject({
      template: 'password_reset',
      changes: { subject: { from: 'Reset your {{product}} password', to: RESET_DRAFT.subject } },
    });
    const resetEvent = events.find((event) => event.action === 'email_template.reset');
    expect(resetEvent?.details).toMatchObject({
      template: 'password_reset',
      overridden: false,
      changes: { action_label: { from: RESET_DRAFT.action_label, to: 'Choose a new password' } },
    });
  });

  it('keeps templates out of the generic settings API', async () => {
    const settings = await adminFetch(server, reader, 'GET', '/admin/settings');
    const keys = (settings.json.settings as { key: string }[]).map((setting) => setting.key);
    expect(keys).toContain('product.name');
    expect(keys.some((key) => key.startsWith('email.templates.'))).toBe(false);
    const put = await adminFetch(server, writer, 'PUT', '/admin/settings/email.templates.password_reset', {
      value: { ...RESET_DRAFT, paragraphs: ['<script>{{nope}}</script>'] },
    });
    expect(put.status).toBe(404);
    expect((await template(reader, 'password_reset')).overridden).toBe(false);
  });
});
