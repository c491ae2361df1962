import { useEffect, useRef, useState } from 'react';
import { describeError } from '../error-text';
import { t } from '../i18n/text';
import { useAdminApi } from '../session';
import type { EmailTemplateContent, EmailTemplateName, RenderedEmailView } from '../types';
import { showEmailHtml } from './email-preview-html';

/** How long typing pauses before the preview is asked for, so a keystroke is not a request. */
const PREVIEW_DELAY_MS = 400;

type PreviewState =
  | { status: 'loading' }
  | { status: 'ready'; rendered: RenderedEmailView }
  | { status: 'failed'; error: unknown; rendered: RenderedEmailView | null };

/**
 * The server's rendering of a template with sample values: of the draft being edited (write admins), or of the
 * saved text (read admins, who have no draft). The newest answer wins; an older one arriving late is dropped.
 */
function usePreview(name: EmailTemplateName, draft: EmailTemplateContent | null): PreviewState {
  const api = useAdminApi();
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const latest = useRef(0);
  const draftKey = draft ? JSON.stringify(draft) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: draftKey stands for the draft's content.
  useEffect(() => {
    const request = ++latest.current;
    const timer = setTimeout(
      () => {
        const rendered = draft
          ? api.post<RenderedEmailView>(`/admin/email-templates/${name}/preview`, draft)
          : api.get<RenderedEmailView>(`/admin/email-templates/${name}/preview`);
        rendered.then(
          (result) => {
            if (request === latest.current) setState({ status: 'ready', rendered: result });
          },
          (error: unknown) => {
            if (request !== latest.current) return;
            setState((previous) => ({
              status: 'failed',
              error,
              rendered: previous.status === 'loading' ? null : previous.rendered,
            }));
          },
        );
      },
      draft ? PREVIEW_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [api, name, draftKey]);

  return state;
}

/** The message as a recipient would see it: subject, the HTML version (sandboxed) and the text version. */
export function EmailPreview({
  name,
  draft,
}: {
  name: EmailTemplateName;
  draft: EmailTemplateContent | null;
}) {
  const state = usePreview(name, draft);
  const rendered = state.status === 'loading' ? null : state.rendered;
  return (
    <section className="section" aria-labelledby="email-preview-heading">
      <h2 id="email-preview-heading">{t('email-templates.preview.heading')}</h2>
      <p className="field-hint">
        {draft ? t('email-templates.preview.aboutDraft') : t('email-templates.preview.aboutSaved')}
      </p>
      <p className="setting-status" role="status">
        {state.status === 'loading' ? t('email-templates.preview.making') : ''}
      </p>
      {state.status === 'failed' ? (
        <p className="field-error" role="alert">
          {t('email-templates.preview.failed', { reason: describeError(state.error) })}
        </p>
      ) : null}
      {rendered ? (
        <>
          <dl className="summary-list">
            <dt>{t('email-templates.preview.subject')}</dt>
            <dd data-testid="preview-subject">{rendered.subject}</dd>
          </dl>
          <div className="email-preview">
            <figure>
              <figcaption>{t('email-templates.preview.htmlVersion')}</figcaption>
              <EmailHtmlFrame html={rendered.html} />
            </figure>
            <figure>
              <figcaption>{t('email-templates.preview.textVersion')}</figcaption>
              <pre data-testid="preview-text">{rendered.text}</pre>
            </figure>
          </div>
        </>
      ) : null}
    </section>
  );
}

/** The email's HTML in an iframe with an empty sandbox, set through the preview's Trusted Types policy. */
function EmailHtmlFrame({ html }: { html: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (frame.current) showEmailHtml(frame.current, html);
  }, [html]);
  // An empty sandbox: no script, no forms, no navigation of the portal; the HTML comes from the server.
  return <iframe ref={frame} title={t('email-templates.preview.htmlFrame')} sandbox="" />;
}
