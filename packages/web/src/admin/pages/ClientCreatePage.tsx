import { useEffect, useRef, useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { SecretReveal } from '../components/SecretReveal';
import { describeError } from '../error-text';
import { rich, t } from '../i18n/text';
import { useAdmin, useAdminApi } from '../session';
import type { ClientInput, ClientView } from '../types';
import { ClientForm } from './client-form/ClientForm';

/** Registers a client; a confidential client's secret is shown here once. */
export function ClientCreatePage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<{ client: ClientView; client_secret: string | null } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (created) resultRef.current?.focus();
  }, [created]);

  async function create(input: ClientInput) {
    setBusy(true);
    setError(null);
    try {
      setCreated(await api.post<AdminApiResponse<'POST /admin/clients'>>('/admin/clients', input));
    } catch (failed) {
      setError(failed);
    } finally {
      setBusy(false);
    }
  }

  if (created) {
    const path = `/clients/${encodeURIComponent(created.client.client_id)}`;
    return (
      <AdminLayout
        title={t('clients.created.title')}
        breadcrumb={{ to: '/clients', label: t('clients.allClients') }}
      >
        <div ref={resultRef} tabIndex={-1} className="focus-target">
          <p className="lead">
            {rich('clients.created.lead', {
              name: <strong>{created.client.name}</strong>,
              clientId: <code data-testid="created-client-id">{created.client.client_id}</code>,
            })}
          </p>
          {created.client_secret ? (
            <SecretReveal
              title={t('clients.created.secret.title')}
              label={t('clients.created.secret.label')}
              secret={created.client_secret}
            />
          ) : (
            <p>{t('clients.created.public')}</p>
          )}
        </div>
        <ul className="link-list">
          <li>
            <Link to={path}>{t('clients.created.open')}</Link>
          </li>
          <li>
            <Link to="/clients">{t('clients.created.back')}</Link>
          </li>
        </ul>
      </AdminLayout>
    );
  }

  return (
    <AdminLayout
      title={t('clients.create.title')}
      breadcrumb={{ to: '/clients', label: t('clients.allClients') }}
    >
      <ReadOnlyNotice />
      {error ? (
        <ErrorPanel title={t('clients.create.failed')}>
          <p>{describeError(error)}</p>
        </ErrorPanel>
      ) : null}
      <ClientForm
        client={null}
        readOnly={!canWrite}
        busy={busy}
        submitLabel={t('clients.create.submit')}
        busyLabel={t('clients.create.busy')}
        onSubmit={create}
      />
    </AdminLayout>
  );
}
