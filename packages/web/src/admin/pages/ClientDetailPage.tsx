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
import { rich, t } from '../i18n/text';
import { goTo, withQuery } from '../navigation';
import { useAdmin, useAdminApi } from '../session';
import type { ClientInput, ClientView } from '../types';
import { useLoad } from '../use-load';
import { ClientForm } from './client-form/ClientForm';

/** Back to the list, from every state of the page. */
const breadcrumb = () => ({ to: '/clients', label: t('clients.allClients') });

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
        title={t('clients.detail.loadingTitle')}
        breadcrumb={breadcrumb()}
        failedTitle={t('clients.detail.loadFailed')}
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
    <AdminLayout title={client.name} breadcrumb={breadcrumb()}>
      <ReadOnlyNotice />
      <dl className="summary-list">
        <div>
          <dt>{t('clients.detail.clientId')}</dt>
          <dd>
            <code data-testid="client-id">{client.client_id}</code>
          </dd>
        </div>
        <div>
          <dt>{t('clients.detail.type')}</dt>
          <dd>{client.type}</dd>
        </div>
        <div>
          <dt>{t('clients.detail.registered')}</dt>
          <dd>
            <Time value={client.created_at} />
          </dd>
        </div>
        <div>
          <dt>{t('clients.detail.lastChanged')}</dt>
          <dd>
            <Time value={client.updated_at} />
          </dd>
        </div>
      </dl>

      <ClientRegistrationSection clientId={client.client_id} />

      <ClientIconSection client={client} onChanged={(icon) => onChanged({ ...client, icon })} />

      {client.type === 'confidential' ? (
        <section className="section" aria-labelledby="secret-heading">
          <h2 id="secret-heading">{t('clients.detail.secret.heading')}</h2>
          {client.secret ? (
            <dl className="summary-list">
              <div>
                <dt>{t('clients.detail.secret.endsIn')}</dt>
                <dd>
                  <code>…{client.secret.hint}</code>
                </dd>
              </div>
              <div>
                <dt>{t('clients.detail.secret.created')}</dt>
                <dd>
                  <Time value={client.secret.created_at} />
                </dd>
              </div>
              <div>
                <dt>{t('clients.detail.secret.lastUsed')}</dt>
                <dd>
                  {client.secret.last_used_at ? (
                    <Time value={client.secret.last_used_at} />
                  ) : (
                    t('clients.detail.secret.neverUsed')
                  )}
                </dd>
              </div>
            </dl>
          ) : (
            <p>{t('clients.detail.secret.none')}</p>
          )}
          {rotated ? (
            <div ref={rotatedRef} tabIndex={-1} className="focus-target">
              <SecretReveal
                title={t('clients.detail.secret.new.title')}
                label={t('clients.detail.secret.new.label')}
                secret={rotated}
              >
                <p>{t('clients.detail.secret.new.body')}</p>
              </SecretReveal>
            </div>
          ) : null}
          {rotateError ? (
            <ErrorPanel title={t('clients.detail.secret.rotate.failed')}>
              <p>{describeError(rotateError)}</p>
            </ErrorPanel>
          ) : null}
          {canWrite ? (
            <ConfirmAction
              label={t('clients.detail.secret.rotate.label')}
              question={
                <p>
                  {rich('clients.detail.secret.rotate.question', {
                    stopsWorking: <strong>{t('clients.detail.secret.rotate.stopsWorking')}</strong>,
                  })}
                </p>
              }
              confirmLabel={t('clients.detail.secret.rotate.confirm')}
              busyLabel={t('clients.detail.secret.rotate.busy')}
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
        <h2 id="settings-heading">{t('clients.detail.settings.heading')}</h2>
        {saveResult === 'saved' ? (
          <Notice title={t('clients.detail.settings.saved.title')}>
            <p>{t('clients.detail.settings.saved.body')}</p>
          </Notice>
        ) : null}
        {saveResult && saveResult !== 'saved' ? (
          <ErrorPanel title={t('clients.detail.settings.failed')}>
            <p>{describeError(saveResult.failed)}</p>
          </ErrorPanel>
        ) : null}
        <ClientForm
          // After a save the form starts again from what the server stored.
          key={client.updated_at}
          client={client}
          readOnly={!canWrite}
          busy={saving}
          submitLabel={t('clients.detail.settings.submit')}
          busyLabel={t('clients.detail.settings.busy')}
          onSubmit={save}
        />
      </section>

      <BackchannelLogoutSection clientId={client.client_id} uri={client.backchannel_logout_uri} />

      {canWrite ? (
        <DeleteSection
          heading={t('clients.detail.delete.heading')}
          explanation={t('clients.detail.delete.explanation')}
          label={t('clients.detail.delete.label')}
          question={<p>{rich('clients.detail.delete.question', { name: <strong>{client.name}</strong> })}</p>}
          failedTitle={t('clients.detail.delete.failed')}
          onDelete={async () => {
            await api.delete(path);
            goTo(withQuery('/clients', { deleted: client.name }));
          }}
        />
      ) : null}
    </AdminLayout>
  );
}
