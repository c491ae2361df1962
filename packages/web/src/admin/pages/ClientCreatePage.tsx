import { useEffect, useRef, useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { SecretReveal } from '../components/SecretReveal';
import { describeError } from '../error-text';
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
      <AdminLayout title="Client registered" breadcrumb={{ to: '/clients', label: 'All clients' }}>
        <div ref={resultRef} tabIndex={-1} className="focus-target">
          <p className="lead">
            <strong>{created.client.name}</strong> is registered with client ID{' '}
            <code data-testid="created-client-id">{created.client.client_id}</code>.
          </p>
          {created.client_secret ? (
            <SecretReveal
              title="Copy the client secret now"
              label="Client secret"
              secret={created.client_secret}
            />
          ) : (
            <p>This is a public client: it has no secret and must use PKCE.</p>
          )}
        </div>
        <ul className="link-list">
          <li>
            <Link to={path}>Open the client’s page</Link>
          </li>
          <li>
            <Link to="/clients">Back to all clients</Link>
          </li>
        </ul>
      </AdminLayout>
    );
  }

  return (
    <AdminLayout title="Register a client" breadcrumb={{ to: '/clients', label: 'All clients' }}>
      <ReadOnlyNotice />
      {error ? (
        <ErrorPanel title="The client was not registered">
          <p>{describeError(error)}</p>
        </ErrorPanel>
      ) : null}
      <ClientForm
        client={null}
        readOnly={!canWrite}
        busy={busy}
        submitLabel="Register client"
        busyLabel="Registering…"
        onSubmit={create}
      />
    </AdminLayout>
  );
}
