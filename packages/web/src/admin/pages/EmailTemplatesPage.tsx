import { type FormEvent, useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { SelectField } from '../../shared/SelectField';
import { TextAreaField } from '../../shared/TextAreaField';
import { TextField } from '../../shared/TextField';
import { AdminLayout } from '../components/AdminLayout';
import { ConfirmAction } from '../components/ConfirmAction';
import { EmailPreview } from '../components/EmailPreview';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { describeError } from '../error-text';
import { useAdmin, useAdminApi } from '../session';
import type { EmailTemplateContent, EmailTemplateName, EmailTemplateView } from '../types';
import { useLoad } from '../use-load';

const TITLES: Record<EmailTemplateName, string> = {
  verification: 'Email address verification',
  password_reset: 'Password reset',
  email_change: 'Email address change',
  existing_account: 'Registration with an existing address',
  organization_invite: 'Organization invitation',
};

interface Draft {
  subject: string;
  /** One paragraph per line, as typed. */
  paragraphs: string;
  actionLabel: string;
}

const toDraft = (content: EmailTemplateContent): Draft => ({
  subject: content.subject,
  paragraphs: content.paragraphs.join('\n'),
  actionLabel: content.action_label,
});

/** What is sent to the server: each non-empty line a paragraph. The server checks the rest. */
const toContent = (draft: Draft): EmailTemplateContent => ({
  subject: draft.subject,
  paragraphs: draft.paragraphs
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
  action_label: draft.actionLabel,
});

/** Email templates: pick one, reword it with a live preview, save it or put the built-in text back. */
export function EmailTemplatesPage() {
  const api = useAdminApi();
  const templates = useLoad('email-templates', (signal) =>
    api.get<AdminApiResponse<'GET /admin/email-templates'>>('/admin/email-templates', signal),
  );
  const [selected, setSelected] = useState<EmailTemplateName>('verification');
  const all = templates.data?.templates ?? [];
  const template = all.find((entry) => entry.name === selected);

  function replace(updated: EmailTemplateView) {
    templates.setData({ templates: all.map((entry) => (entry.name === updated.name ? updated : entry)) });
  }

  return (
    <AdminLayout title="Email templates">
      <ReadOnlyNotice />
      <p>
        The emails Tessera sends are plain text with <code>{'{{variables}}'}</code>; the HTML version is made
        from the text. The link each email exists for always follows the paragraphs.
      </p>
      {templates.error ? (
        <ErrorPanel title="The email templates could not be loaded">
          <p>{describeError(templates.error)}</p>
        </ErrorPanel>
      ) : null}
      {templates.data === undefined && templates.loading ? <Loading /> : null}
      {all.length > 0 ? (
        <SelectField
          label="Template"
          value={selected}
          options={all.map((entry) => ({
            value: entry.name,
            label: `${TITLES[entry.name] ?? entry.name}${entry.overridden ? ' (changed)' : ''}`,
          }))}
          onChange={(event) => setSelected(event.target.value as EmailTemplateName)}
        />
      ) : null}
      {template ? <TemplateEditor key={template.name} template={template} onSaved={replace} /> : null}
    </AdminLayout>
  );
}

function TemplateEditor({
  template,
  onSaved,
}: {
  template: EmailTemplateView;
  onSaved: (template: EmailTemplateView) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [draft, setDraft] = useState<Draft>(() => toDraft(template.current));
  const [outcome, setOutcome] = useState<'saved' | 'reset' | { failed: unknown } | null>(null);
  const [saving, setSaving] = useState(false);
  const content = toContent(draft);
  const changed = JSON.stringify(content) !== JSON.stringify(template.current);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canWrite || saving) return;
    setSaving(true);
    setOutcome(null);
    try {
      const updated = await api.put<EmailTemplateView>(`/admin/email-templates/${template.name}`, content);
      onSaved(updated);
      setDraft(toDraft(updated.current));
      setOutcome('saved');
    } catch (failed) {
      setOutcome({ failed });
    } finally {
      setSaving(false);
    }
  }

  async function reset() {
    setOutcome(null);
    try {
      const updated = await api.post<EmailTemplateView>(`/admin/email-templates/${template.name}/reset`);
      onSaved(updated);
      setDraft(toDraft(updated.current));
      setOutcome('reset');
    } catch (failed) {
      setOutcome({ failed });
    }
  }

  const update = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((previous) => ({ ...previous, [field]: event.target.value }));
    if (outcome === 'saved' || outcome === 'reset') setOutcome(null);
  };

  return (
    <>
      <section className="section" aria-labelledby="template-heading">
        <h2 id="template-heading">{TITLES[template.name] ?? template.name}</h2>
        <p>
          {template.description}{' '}
          {template.overridden ? 'An admin changed its text.' : 'It uses the built-in text.'}
        </p>
        {outcome === 'saved' ? (
          <Notice title="Template saved">
            <p>The next emails of this kind use this text.</p>
          </Notice>
        ) : null}
        {outcome === 'reset' ? (
          <Notice title="Built-in text restored">
            <p>The next emails of this kind use the built-in text again.</p>
          </Notice>
        ) : null}
        {typeof outcome === 'object' && outcome ? (
          <ErrorPanel title="The template was not changed">
            <p>{describeError(outcome.failed)}</p>
          </ErrorPanel>
        ) : null}
        <h3 className="subheading">Variables</h3>
        <dl className="summary-list" data-testid="template-variables">
          {template.variables.map((variable) => (
            <div key={variable.name}>
              <dt>
                <code>{`{{${variable.name}}}`}</code>
              </dt>
              <dd>{variable.description}</dd>
            </div>
          ))}
        </dl>
        <form noValidate onSubmit={save} aria-busy={saving}>
          <TextField
            label="Subject"
            value={draft.subject}
            readOnly={!canWrite}
            maxLength={200}
            spellCheck
            onChange={update('subject')}
          />
          <TextAreaField
            label="Paragraphs"
            hint="One paragraph per line (up to 10)."
            rows={6}
            value={draft.paragraphs}
            readOnly={!canWrite}
            onChange={update('paragraphs')}
          />
          <TextField
            label="Link label"
            hint="The text of the link that follows the paragraphs ({{link}})."
            value={draft.actionLabel}
            readOnly={!canWrite}
            maxLength={100}
            onChange={update('actionLabel')}
          />
          {canWrite ? (
            <div className="form-actions">
              <Button type="submit" disabled={!changed || saving}>
                {saving ? 'Saving…' : 'Save template'}
              </Button>
              {changed ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setDraft(toDraft(template.current));
                    setOutcome(null);
                  }}
                >
                  Discard changes
                </Button>
              ) : null}
            </div>
          ) : null}
        </form>
        {canWrite && template.overridden ? (
          <ConfirmAction
            label="Reset to default"
            question={<p>Put the built-in text of this email back? The changed text is lost.</p>}
            confirmLabel="Reset to the built-in text"
            busyLabel="Resetting…"
            onConfirm={reset}
          />
        ) : null}
      </section>
      <EmailPreview name={template.name} draft={canWrite ? content : null} />
    </>
  );
}
