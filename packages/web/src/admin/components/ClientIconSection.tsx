import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { describeError } from '../error-text';
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
  if (!ACCEPTED_TYPES.includes(file.type))
    return 'Choose a PNG, JPEG, WebP or GIF image (SVG is not accepted).';
  if (file.size > MAX_ICON_BYTES) return 'Choose an image of at most 256 KiB.';
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
      setFileError('Choose an image first.');
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
      <h2 id="icon-heading">Icon</h2>
      <p>Shown to people on the consent page and on their apps dashboard.</p>
      {outcome === 'uploaded' ? (
        <Notice title="Icon saved">
          <p>People see it from their next visit.</p>
        </Notice>
      ) : null}
      {outcome === 'removed' ? (
        <Notice title="Icon removed">
          <p>People see the app’s initial instead.</p>
        </Notice>
      ) : null}
      {outcome && typeof outcome === 'object' ? (
        <ErrorPanel title="The icon was not changed">
          <p>{describeError(outcome.failed)}</p>
        </ErrorPanel>
      ) : null}
      {preview && client.icon ? (
        <div className="icon-preview">
          <img src={preview} alt={`Icon of ${client.name}`} width={64} height={64} />
          <p className="small">
            {client.icon.content_type.replace('image/', '').toUpperCase()},{' '}
            {(client.icon.size_bytes / 1024).toFixed(1)} KiB
          </p>
        </div>
      ) : (
        <p className="muted">No icon: people see the app’s initial.</p>
      )}
      {canWrite ? (
        <>
          <form className="icon-upload" onSubmit={upload} noValidate>
            <div className="field">
              <label htmlFor={fileId}>{preview ? 'Replace the icon' : 'Upload an icon'}</label>
              <p id={`${fileId}-hint`} className="field-hint">
                PNG, JPEG, WebP or GIF, at most 256 KiB. A square image of at least 96×96 pixels looks best.
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
              {uploading ? 'Uploading…' : 'Upload icon'}
            </Button>
          </form>
          {preview ? (
            <ConfirmAction
              label="Remove icon"
              question={<p>Remove the icon? People see the app’s initial instead.</p>}
              confirmLabel="Remove the icon"
              busyLabel="Removing…"
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
