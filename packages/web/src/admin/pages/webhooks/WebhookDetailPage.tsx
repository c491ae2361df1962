import { useId, useState } from 'react';
import { Button } from '../../../shared/Button';
import { useRouter } from '../../../shared/router';
import { AdminLayout } from '../../components/AdminLayout';
import { ConfirmAction } from '../../components/ConfirmAction';
import { DataTable } from '../../components/DataTable';
import { DeleteSection } from '../../components/DeleteSection';
import { DetailLoading } from '../../components/DetailLoading';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { SecretReveal } from '../../components/SecretReveal';
import { Time } from '../../format';
import { goTo, withQuery } from '../../navigation';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import type {
  WebhookDeliveries,
  WebhookDelivery,
  WebhookEndpointCreated,
  WebhookEndpointView,
} from '../../webhook-types';

const BREADCRUMB = { to: '/webhooks', label: 'All webhook endpoints' };

/** One endpoint: its settings, secret rotation, deliveries with their attempts, redelivery and deletion. */
export function WebhookDetailPage() {
  const { params } = useRouter();
  const endpointId = params.endpointId ?? '';
  const api = useAdminApi();
  const endpoint = useLoad(endpointId, (signal) =>
    api.get<WebhookEndpointView>(`/admin/webhooks/${encodeURIComponent(endpointId)}`, signal),
  );
  if (endpoint.data === undefined)
    return (
      <DetailLoading
        title="Webhook endpoint"
        breadcrumb={BREADCRUMB}
        failedTitle="The endpoint could not be loaded"
        error={endpoint.error}
      />
    );
  return <WebhookDetail endpoint={endpoint.data} onChanged={endpoint.setData} />;
}

function WebhookDetail({
  endpoint,
  onChanged,
}: {
  endpoint: WebhookEndpointView;
  onChanged: (endpoint: WebhookEndpointView) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [rotated, setRotated] = useState<WebhookEndpointCreated | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const path = `/admin/webhooks/${encodeURIComponent(endpoint.id)}`;

  async function setEnabled(enabled: boolean) {
    setOutcome(null);
    try {
      onChanged(
        await api.put<WebhookEndpointView>(path, {
          url: endpoint.url,
          description: endpoint.description,
          eventTypes: endpoint.eventTypes,
          enabled,
        }),
      );
      setOutcome({ kind: 'done', text: enabled ? 'The endpoint is enabled.' : 'The endpoint is disabled.' });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  async function rotate() {
    setOutcome(null);
    try {
      const result = await api.post<WebhookEndpointCreated>(`${path}/rotate-secret`, {});
      setRotated(result);
      onChanged(result.endpoint);
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <AdminLayout title={endpoint.url} breadcrumb={BREADCRUMB}>
      <ReadOnlyNotice />
      <OutcomeMessage outcome={outcome} failedTitle="That did not work" />
      {rotated ? (
        <SecretReveal title="New signing secret" label="Signing secret" secret={rotated.secret}>
          <p>The old secret no longer signs deliveries: give the receiver this one.</p>
        </SecretReveal>
      ) : null}
      <dl className="summary-list">
        <div>
          <dt>Description</dt>
          <dd>{endpoint.description || '—'}</dd>
        </div>
        <div>
          <dt>Event types</dt>
          <dd>{endpoint.eventTypes.join(', ')}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{endpoint.enabled ? 'Enabled' : 'Disabled (deliveries wait until it is enabled)'}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <Time value={endpoint.createdAt} />
          </dd>
        </div>
      </dl>
      {canWrite ? (
        <div className="form-actions">
          <Button variant="secondary" onClick={() => setEnabled(!endpoint.enabled)}>
            {endpoint.enabled ? 'Disable endpoint' : 'Enable endpoint'}
          </Button>
          <ConfirmAction
            label="Rotate secret"
            question={<p>Replace the signing secret? Deliveries are signed with the new one at once.</p>}
            confirmLabel="Rotate secret"
            busyLabel="Rotating…"
            onConfirm={rotate}
          />
        </div>
      ) : null}
      <DeliveriesSection endpointId={endpoint.id} />
      {canWrite ? (
        <DeleteSection
          heading="Delete this endpoint"
          explanation="It receives no more events; its deliveries and their history are deleted."
          label="Delete endpoint"
          question={<p>Delete the endpoint {endpoint.url}?</p>}
          failedTitle="The endpoint was not deleted"
          onDelete={async () => {
            await api.delete(path);
            goTo(withQuery('/webhooks', { deleted: endpoint.url }));
          }}
        />
      ) : null}
    </AdminLayout>
  );
}

function attemptText(attempt: WebhookDelivery['attempts'][number]): string {
  const answer = attempt.statusCode === null ? (attempt.error ?? 'no answer') : `HTTP ${attempt.statusCode}`;
  return `${answer}, ${attempt.durationMs} ms`;
}

function DeliveriesSection({ endpointId }: { endpointId: string }) {
  const headingId = useId();
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const path = `/admin/webhooks/${encodeURIComponent(endpointId)}/deliveries`;
  const deliveries = useLoad(path, (signal) => api.get<WebhookDeliveries>(path, signal));

  async function redeliver(delivery: WebhookDelivery) {
    setOutcome(null);
    try {
      await api.post(`${path}/${encodeURIComponent(delivery.id)}/redeliver`, {});
      setOutcome({ kind: 'done', text: `The ${delivery.type} event will be sent again.` });
      deliveries.reload();
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>Deliveries</h2>
      <OutcomeMessage outcome={outcome} failedTitle="The event was not redelivered" />
      <p>
        <Button variant="secondary" onClick={deliveries.reload}>
          Refresh
        </Button>
      </p>
      <LoadedView load={deliveries} failedTitle="The deliveries could not be loaded">
        {(data) =>
          data.deliveries.length === 0 ? (
            <p>No event has been sent to this endpoint yet.</p>
          ) : (
            <DataTable
              caption="Deliveries, newest first"
              columns={['Event', 'Status', 'Created', 'Attempts', 'Actions']}
              busy={deliveries.loading}
            >
              {data.deliveries.map((delivery) => (
                <tr key={delivery.id} data-testid="webhook-delivery">
                  <th scope="row">
                    {delivery.type}
                    <br />
                    <code>{delivery.id}</code>
                  </th>
                  <td>
                    {delivery.status}
                    {delivery.nextAttemptAt ? (
                      <>
                        {' '}
                        (next attempt <Time value={delivery.nextAttemptAt} />)
                      </>
                    ) : null}
                  </td>
                  <td>
                    <Time value={delivery.createdAt} />
                  </td>
                  <td>
                    {delivery.attempts.length === 0 ? (
                      'None yet'
                    ) : (
                      <ol>
                        {delivery.attempts.map((attempt) => (
                          <li key={attempt.at}>
                            <Time value={attempt.at} />: {attemptText(attempt)}
                          </li>
                        ))}
                      </ol>
                    )}
                  </td>
                  <td>
                    {canWrite && delivery.status !== 'pending' ? (
                      <Button variant="secondary" onClick={() => redeliver(delivery)}>
                        Redeliver
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
    </section>
  );
}
