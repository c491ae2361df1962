import { useEffect, useRef, useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { useRouter } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { BackchannelLogoutSection } from '../components/BackchannelLogoutSection';
import { ClientIconSection } from '../components/ClientIconSection';
import { ClientRegistrationSection } from '../components/ClientRegistrationSection';
import { ConfirmAction } from '../components/ConfirmAction';
import { DeleteSection } from '../components/DeleteSection';
import { DetailLoading } from '../components/DetailLoading';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { SecretReveal } from '../components/SecretReveal';
import { describeError } from '../error-text';
import { Time } from '../format';
import { goTo, withQuery } from '../navigation';
import { useAdmin, useAdminApi } from '../session';
import type { ClientInput, ClientView } from '../types';
import { useLoad } from '../use-load';
import { ClientForm } from './client-form/ClientForm';

const BREADCRUMB = { to: '/clients', label: 'All clients' };

/** One client: its details and settings, secret rotation, and deletion. */
export function ClientDetailPage() {
  const { params } = useRouter();
  const clientId = params.clientId ?? '';
  const api = useAdminApi();
  const path = `/admin/clients/${encodeURIComponent(clientId)}`;
  const client = useLoad(clientId, (signal) => api.get<ClientView>(path, signal));

  if (client.data === undefined)
    return (
      <DetailLoading
        title="Client"
        breadcrumb={BREADCRUMB}
        failedTitle="The client could not be loaded"
        error={client.error}
      />
    );
  return <ClientDetail client={client.data} onChanged={client.setData} reload={client.reload} />;
}

function ClientDetail({
  client,
  onChanged,
  reload,
}: {
  client: ClientView;
  onChanged: (client: ClientView) => void;
  reload: () => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/clients/${encodeURIComponent(client.client_id)}`;
  const [saving, setSaving] = useState(false);
  const [saveResult, setSaveResult] = useState<'saved' | { failed: unknown } | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);
  const [rotateError, setRotateError] = useState<unknown>(null);
  const rotatedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (rotated) rotatedRef.current?.focus();
  }, [rotated]);

  async function save(input: ClientInput) {
    setSaving(true);
    setSaveResult(null);
    try {
      const updated = await api.put<ClientView>(path, input);
      setSaveResult('saved');
      onChanged(updated);
    } catch (failed) {
      setSaveResult({ failed });
    } finally {
      setSaving(false);
    }
  }

  return (
    <AdminLayout title={client.name} breadcrumb={BREADCRUMB}>
      <ReadOnlyNotice />
      <dl className="summary-list">
        <div>
          <dt>Client ID</dt>
          <dd>
            <code data-testid="client-id">{client.client_id}</code>
          </dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{client.type}</dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd>
            <Time value={client.created_at} />
          </dd>
        </div>
        <div>
          <dt>Last changed</dt>
          <dd>
            <Time value={client.updated_at} />
          </dd>
        </div>
      </dl>

      <ClientRegistrationSection clientId={client.client_id} />

      <ClientIconSection client={client} onChanged={(icon) => onChanged({ ...client, icon })} />

      {client.type === 'confidential' ? (
        <section className="section" aria-labelledby="secret-heading">
          <h2 id="secret-heading">Client secret</h2>
          {client.secret ? (
            <dl className="summary-list">
              <div>
                <dt>Ends in</dt>
                <dd>
                  <code>…{client.secret.hint}</code>
                </dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>
                  <Time value={client.secret.created_at} />
                </dd>
              </div>
              <div>
                <dt>Last used</dt>
                <dd>{client.secret.last_used_at ? <Time value={client.secret.last_used_at} /> : 'Never'}</dd>
              </div>
            </dl>
          ) : (
            <p>This client has no secret yet.</p>
          )}
          {rotated ? (
            <div ref={rotatedRef} tabIndex={-1} className="focus-target">
              <SecretReveal title="Copy the new client secret now" label="New client secret" secret={rotated}>
                <p>The previous secret has stopped working: update the app now.</p>
              </SecretReveal>
            </div>
          ) : null}
          {rotateError ? (
            <ErrorPanel title="The secret was not rotated">
              <p>{describeError(rotateError)}</p>
            </ErrorPanel>
          ) : null}
          {canWrite ? (
            <ConfirmAction
              label="Rotate secret"
              question={
                <p>
                  A new secret is made and <strong>the current one stops working at once</strong>. The app
                  cannot get tokens until it uses the new secret. Rotate now?
                </p>
              }
              confirmLabel="Rotate the secret now"
              busyLabel="Rotating…"
              onConfirm={async () => {
                setRotateError(null);
                try {
                  const result = await api.post<AdminApiResponse<'POST /admin/clients/{clientId}/secret'>>(
                    `${path}/secret`,
                  );
                  setRotated(result.client_secret);
                  reload();
                } catch (failed) {
                  setRotateError(failed);
                }
              }}
            />
          ) : null}
        </section>
      ) : null}

      <section className="section" aria-labelledby="settings-heading">
        <h2 id="settings-heading">Settings</h2>
        {saveResult === 'saved' ? (
          <Notice title="Changes saved">
            <p>The client uses them from its next request.</p>
          </Notice>
        ) : null}
        {saveResult && saveResult !== 'saved' ? (
          <ErrorPanel title="The changes were not saved">
            <p>{describeError(saveResult.failed)}</p>
          </ErrorPanel>
        ) : null}
        <ClientForm
          // After a save the form starts again from what the server stored.
          key={client.updated_at}
          client={client}
          readOnly={!canWrite}
          busy={saving}
          submitLabel="Save changes"
          busyLabel="Saving…"
          onSubmit={save}
        />
      </section>

      <BackchannelLogoutSection clientId={client.client_id} uri={client.backchannel_logout_uri} />

      {canWrite ? (
        <DeleteSection
          heading="Delete this client"
          explanation="Deleting removes the client and revokes every token and grant issued to it. It cannot be undone."
          label="Delete client"
          question={
            <p>
              Delete <strong>{client.name}</strong> for good? People can no longer sign in to it.
            </p>
          }
          failedTitle="The client was not deleted"
          onDelete={async () => {
            await api.delete(path);
            goTo(withQuery('/clients', { deleted: client.name }));
          }}
        />
      ) : null}
    </AdminLayout>
  );
}
