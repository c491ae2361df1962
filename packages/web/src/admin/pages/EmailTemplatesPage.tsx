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
import type { AdminMessageKey } from '../i18n/messages';
import { rich, t } from '../i18n/text';
import { useAdmin, useAdminApi } from '../session';
import type { EmailTemplateContent, EmailTemplateName, EmailTemplateView } from '../types';
import { useLoad } from '../use-load';

const TITLES: Record<EmailTemplateName, AdminMessageKey> = {
  verification: 'email-templates.name.verification',
  password_reset: 'email-templates.name.passwordReset',
  email_change: 'email-templates.name.emailChange',
  existing_account: 'email-templates.name.existingAccount',
  organization_invite: 'email-templates.name.organizationInvite',
};

/** The template's name as people read it (the API's name for a template this page does not know yet). */
function titleOf(name: EmailTemplateName): string {
  const key = Object.hasOwn(TITLES, name) ? TITLES[name] : undefined;
  return key ? t(key) : name;
}

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
    <AdminLayout title={t('email-templates.title')}>
      <ReadOnlyNotice />
      <p>
        {rich('email-templates.about', { variables: <code>{t('email-templates.about.variables')}</code> })}
      </p>
      {templates.error ? (
        <ErrorPanel title={t('email-templates.loadFailed')}>
          <p>{describeError(templates.error)}</p>
        </ErrorPanel>
      ) : null}
      {templates.data === undefined && templates.loading ? <Loading /> : null}
      {all.length > 0 ? (
        <SelectField
          label={t('email-templates.template')}
          value={selected}
          options={all.map((entry) => ({
            value: entry.name,
            label: entry.overridden
              ? t('email-templates.changedOption', { name: titleOf(entry.name) })
              : titleOf(entry.name),
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
        <h2 id="template-heading">{titleOf(template.name)}</h2>
        <p>
          {template.description}{' '}
          {template.overridden ? t('email-templates.overridden') : t('email-templates.builtIn')}
        </p>
        {outcome === 'saved' ? (
          <Notice title={t('email-templates.saved.title')}>
            <p>{t('email-templates.saved.body')}</p>
          </Notice>
        ) : null}
        {outcome === 'reset' ? (
          <Notice title={t('email-templates.reset.title')}>
            <p>{t('email-templates.reset.body')}</p>
          </Notice>
        ) : null}
        {typeof outcome === 'object' && outcome ? (
          <ErrorPanel title={t('email-templates.failed')}>
            <p>{describeError(outcome.failed)}</p>
          </ErrorPanel>
        ) : null}
        <h3 className="subheading">{t('email-templates.variables')}</h3>
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
            label={t('email-templates.subject')}
            value={draft.subject}
            readOnly={!canWrite}
            maxLength={200}
            spellCheck
            onChange={update('subject')}
          />
          <TextAreaField
            label={t('email-templates.paragraphs')}
            hint={t('email-templates.paragraphs.hint')}
            rows={6}
            value={draft.paragraphs}
            readOnly={!canWrite}
            onChange={update('paragraphs')}
          />
          <TextField
            label={t('email-templates.linkLabel')}
            hint={t('email-templates.linkLabel.hint')}
            value={draft.actionLabel}
            readOnly={!canWrite}
            maxLength={100}
            onChange={update('actionLabel')}
          />
          {canWrite ? (
            <div className="form-actions">
              <Button type="submit" disabled={!changed || saving}>
                {saving ? t('common.saving') : t('email-templates.save')}
              </Button>
              {changed ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setDraft(toDraft(template.current));
                    setOutcome(null);
                  }}
                >
                  {t('email-templates.discard')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </form>
        {canWrite && template.overridden ? (
          <ConfirmAction
            label={t('email-templates.resetLabel')}
            question={<p>{t('email-templates.resetQuestion')}</p>}
            confirmLabel={t('email-templates.resetConfirm')}
            busyLabel={t('email-templates.resetting')}
            onConfirm={reset}
          />
        ) : null}
      </section>
      <EmailPreview name={template.name} draft={canWrite ? content : null} />
    </>
  );
}
