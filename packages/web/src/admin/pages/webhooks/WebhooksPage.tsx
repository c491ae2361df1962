import { type FormEvent, useId, useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Button } from '../../../shared/Button';
import { CheckboxGroup } from '../../../shared/CheckboxGroup';
import { Notice } from '../../../shared/Notice';
import { Link } from '../../../shared/router';
import { TextField } from '../../../shared/TextField';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { AdminLayout } from '../../components/AdminLayout';
import { DataTable } from '../../components/DataTable';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { SecretReveal } from '../../components/SecretReveal';
import { Time } from '../../format';
import { useAdmin, useAdminApi } from '../../session';
import { useListQuery } from '../../use-list-query';
import { useLoad } from '../../use-load';
import type { WebhookEndpointCreated } from '../../webhook-types';

/** Webhook endpoints (docs/webhooks.md): the list, and for write admins a form that shows the new secret once. */
export function WebhooksPage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const { deleted } = useListQuery();
  const endpoints = useLoad('webhooks', (signal) =>
    api.get<AdminApiResponse<'GET /admin/webhooks'>>('/admin/webhooks', signal),
  );
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);

  return (
    <AdminLayout title="Webhooks">
      {deleted ? (
        <Notice title="Endpoint deleted">
          <p>
            <strong>{deleted}</strong> and its deliveries are gone.
          </p>
        </Notice>
      ) : null}
      <p>
        Tessera POSTs signed events (users, clients, organizations, SCIM, sign-ins, …) to these HTTPS
        endpoints. Receivers verify each delivery with a Standard Webhooks library and the endpoint’s secret.
      </p>
      {created ? (
        <SecretReveal
          title="Endpoint created"
          label={`Signing secret of ${created.endpoint.url}`}
          secret={created.secret}
        >
          <p>
            <Link to={`/webhooks/${encodeURIComponent(created.endpoint.id)}`}>Open the endpoint</Link>
          </p>
        </SecretReveal>
      ) : null}
      <LoadedView load={endpoints} failedTitle="The endpoints could not be loaded">
        {(data) =>
          data.endpoints.length === 0 ? (
            <p>There are no webhook endpoints yet.</p>
          ) : (
            <DataTable
              caption="Webhook endpoints"
              columns={['URL', 'Description', 'Event types', 'Status', 'Created']}
              busy={endpoints.loading}
            >
              {data.endpoints.map((endpoint) => (
                <tr key={endpoint.id} data-testid="webhook-endpoint">
                  <th scope="row">
                    <Link to={`/webhooks/${encodeURIComponent(endpoint.id)}`}>{endpoint.url}</Link>
                  </th>
                  <td>{endpoint.description}</td>
                  <td>{endpoint.eventTypes.join(', ')}</td>
                  <td>{endpoint.enabled ? 'Enabled' : 'Disabled'}</td>
                  <td>
                    <Time value={endpoint.createdAt} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
      {canWrite ? (
        <CreateEndpointForm
          onCreated={(result) => {
            setCreated(result);
            endpoints.reload();
          }}
        />
      ) : null}
    </AdminLayout>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (created: WebhookEndpointCreated) => void }) {
  const headingId = useId();
  const api = useAdminApi();
  const types = useLoad('webhook-event-types', (signal) =>
    api.get<AdminApiResponse<'GET /admin/webhooks/event-types'>>('/admin/webhooks/event-types', signal),
  );
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'url' | 'eventTypes'>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({
        url: /^https?:\/\/\S+$/i.test(url.trim()) ? undefined : 'Enter the receiver’s https URL.',
        eventTypes: eventTypes.length === 0 ? 'Choose at least one event type.' : undefined,
      }),
      async () => {
        setOutcome(null);
        try {
          const created = await api.post<WebhookEndpointCreated>('/admin/webhooks', {
            url: url.trim(),
            description: description.trim(),
            eventTypes,
          });
          setUrl('');
          setDescription('');
          setEventTypes([]);
          onCreated(created);
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>Add an endpoint</h2>
      <OutcomeMessage outcome={outcome} failedTitle="The endpoint was not created" />
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          label="URL"
          hint="https only. A host on a private network must be listed in the webhooks.private_hosts setting."
          type="url"
          value={url}
          maxLength={2000}
          error={fieldErrors.url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <TextField
          label="Description (optional)"
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.target.value)}
        />
        <CheckboxGroup
          legend="Event types"
          error={fieldErrors.eventTypes}
          options={(types.data?.eventTypes ?? []).map((type) => ({ value: type, label: type }))}
          selected={eventTypes}
          onChange={setEventTypes}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create endpoint'}
          </Button>
        </div>
      </form>
    </section>
  );
}
