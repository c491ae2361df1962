import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { describeError } from '../error-text';
import { t } from '../i18n/text';
import { useAdmin, useAdminApi } from '../session';
import type { ClientIcon, ClientView } from '../types';
import { ConfirmAction } from './ConfirmAction';

/** What the server accepts (never SVG: it can carry script); checked here too, for a quick answer. */
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_ICON_BYTES = 256 * 1024;

/** The icon's bytes on the admin port (this origin), versioned so a replaced icon is fetched again. */
export function adminIconPath(client: Pick<ClientView, 'client_id' | 'icon'>): string | null {
  if (!client.icon) return null;
  return `/admin/clients/${encodeURIComponent(client.client_id)}/icon?v=${client.icon.etag.slice(0, 16)}`;
}

function checkFile(file: File): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return t('clients.icon.error.type');
  if (file.size > MAX_ICON_BYTES) return t('clients.icon.error.size');
  return null;
}

/**
 * The client's icon, shown at consent and on the apps dashboard: a preview, and for write admins an upload and a
 * removal. Without an icon the hosted UI shows the app's initial.
 */
export function ClientIconSection({
  client,
  onChanged,
}: {
  client: ClientView;
  onChanged: (icon: ClientIcon | null) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const fileId = useId();
  const path = `/admin/clients/${encodeURIComponent(client.client_id)}/icon`;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [outcome, setOutcome] = useState<'uploaded' | 'removed' | { failed: unknown } | null>(null);
  const preview = adminIconPath(client);

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError(t('clients.icon.error.noFile'));
      return;
    }
    const problem = checkFile(file);
    setFileError(problem);
    if (problem) return;
    setUploading(true);
    setOutcome(null);
    try {
      onChanged(await api.put<ClientIcon>(path, file));
      setOutcome('uploaded');
      setFile(null);
      (event.target as HTMLFormElement).reset();
    } catch (failed) {
      setOutcome({ failed });
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className="section" aria-labelledby="icon-heading">
      <h2 id="icon-heading">{t('clients.icon.heading')}</h2>
      <p>{t('clients.icon.intro')}</p>
      {outcome === 'uploaded' ? (
        <Notice title={t('clients.icon.saved.title')}>
          <p>{t('clients.icon.saved.body')}</p>
        </Notice>
      ) : null}
      {outcome === 'removed' ? (
        <Notice title={t('clients.icon.removed.title')}>
          <p>{t('clients.icon.removed.body')}</p>
        </Notice>
      ) : null}
      {outcome && typeof outcome === 'object' ? (
        <ErrorPanel title={t('clients.icon.failed')}>
          <p>{describeError(outcome.failed)}</p>
        </ErrorPanel>
      ) : null}
      {preview && client.icon ? (
        <div className="icon-preview">
          <img src={preview} alt={t('clients.icon.alt', { name: client.name })} width={64} height={64} />
          <p className="small">
            {t('clients.icon.details', {
              type: client.icon.content_type.replace('image/', '').toUpperCase(),
              size: (client.icon.size_bytes / 1024).toFixed(1),
            })}
          </p>
        </div>
      ) : (
        <p className="muted">{t('clients.icon.none')}</p>
      )}
      {canWrite ? (
        <>
          <form className="icon-upload" onSubmit={upload} noValidate>
            <div className="field">
              <label htmlFor={fileId}>
                {preview ? t('clients.icon.replace') : t('clients.icon.upload.label')}
              </label>
              <p id={`${fileId}-hint`} className="field-hint">
                {t('clients.icon.upload.hint')}
              </p>
              <input
                id={fileId}
                type="file"
                accept={ACCEPTED_TYPES.join(',')}
                aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
                aria-invalid={fileError ? true : undefined}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(null);
                }}
              />
              {fileError ? (
                <p id={`${fileId}-error`} className="field-error">
                  {fileError}
                </p>
              ) : null}
            </div>
            <Button type="submit" disabled={uploading}>
              {uploading ? t('clients.icon.upload.busy') : t('clients.icon.upload.submit')}
            </Button>
          </form>
          {preview ? (
            <ConfirmAction
              label={t('clients.icon.remove.label')}
              question={<p>{t('clients.icon.remove.question')}</p>}
              confirmLabel={t('clients.icon.remove.confirm')}
              busyLabel={t('clients.icon.remove.busy')}
              onConfirm={async () => {
                setOutcome(null);
                try {
                  await api.delete(path);
                  onChanged(null);
                  setOutcome('removed');
                } catch (failed) {
                  setOutcome({ failed });
                }
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
