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
import { rich, t } from '../../i18n/text';
import { goTo, withQuery } from '../../navigation';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import type {
  WebhookDeliveries,
  WebhookDelivery,
  WebhookEndpointCreated,
  WebhookEndpointView,
} from '../../webhook-types';

/** Back to the list, from every state of the page. */
const breadcrumb = () => ({ to: '/webhooks', label: t('webhooks.allEndpoints') });

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
        title={t('webhooks.detail.loadingTitle')}
        breadcrumb={breadcrumb()}
        failedTitle={t('webhooks.detail.loadFailed')}
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
      setOutcome({
        kind: 'done',
        text: enabled ? t('webhooks.detail.enabled') : t('webhooks.detail.disabled'),
      });
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
    <AdminLayout title={endpoint.url} breadcrumb={breadcrumb()}>
      <ReadOnlyNotice />
      <OutcomeMessage outcome={outcome} failedTitle={t('webhooks.detail.failed')} />
      {rotated ? (
        <SecretReveal
          title={t('webhooks.detail.rotated.title')}
          label={t('webhooks.detail.rotated.label')}
          secret={rotated.secret}
        >
          <p>{t('webhooks.detail.rotated.body')}</p>
        </SecretReveal>
      ) : null}
      <dl className="summary-list">
        <div>
          <dt>{t('webhooks.detail.description')}</dt>
          <dd>{endpoint.description || '—'}</dd>
        </div>
        <div>
          <dt>{t('webhooks.detail.eventTypes')}</dt>
          <dd>{endpoint.eventTypes.join(', ')}</dd>
        </div>
        <div>
          <dt>{t('webhooks.detail.status')}</dt>
          <dd>{endpoint.enabled ? t('webhooks.status.enabled') : t('webhooks.detail.status.disabled')}</dd>
        </div>
        <div>
          <dt>{t('webhooks.detail.created')}</dt>
          <dd>
            <Time value={endpoint.createdAt} />
          </dd>
        </div>
      </dl>
      {canWrite ? (
        <div className="form-actions">
          <Button variant="secondary" onClick={() => setEnabled(!endpoint.enabled)}>
            {endpoint.enabled ? t('webhooks.detail.disable') : t('webhooks.detail.enable')}
          </Button>
          <ConfirmAction
            label={t('webhooks.detail.rotate.label')}
            question={<p>{t('webhooks.detail.rotate.question')}</p>}
            confirmLabel={t('webhooks.detail.rotate.confirm')}
            busyLabel={t('webhooks.detail.rotate.busy')}
            onConfirm={rotate}
          />
        </div>
      ) : null}
      <DeliveriesSection endpointId={endpoint.id} />
      {canWrite ? (
        <DeleteSection
          heading={t('webhooks.detail.delete.heading')}
          explanation={t('webhooks.detail.delete.explanation')}
          label={t('webhooks.detail.delete.label')}
          question={<p>{t('webhooks.detail.delete.question', { url: endpoint.url })}</p>}
          failedTitle={t('webhooks.detail.delete.failed')}
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
  const answer =
    attempt.statusCode === null
      ? (attempt.error ?? t('webhooks.attempt.noAnswer'))
      : t('webhooks.attempt.http', { status: String(attempt.statusCode) });
  // As a string: a duration is shown as measured, without digit grouping.
  return t('webhooks.attempt.summary', { answer, duration: String(attempt.durationMs) });
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
      setOutcome({ kind: 'done', text: t('webhooks.deliveries.redelivered', { type: delivery.type }) });
      deliveries.reload();
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('webhooks.deliveries.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('webhooks.deliveries.redeliverFailed')} />
      <p>
        <Button variant="secondary" onClick={deliveries.reload}>
          {t('webhooks.deliveries.refresh')}
        </Button>
      </p>
      <LoadedView load={deliveries} failedTitle={t('webhooks.deliveries.loadFailed')}>
        {(data) =>
          data.deliveries.length === 0 ? (
            <p>{t('webhooks.deliveries.empty')}</p>
          ) : (
            <DataTable
              caption={t('webhooks.deliveries.caption')}
              columns={[
                t('webhooks.deliveries.column.event'),
                t('webhooks.deliveries.column.status'),
                t('webhooks.deliveries.column.created'),
                t('webhooks.deliveries.column.attempts'),
                t('webhooks.deliveries.column.actions'),
              ]}
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
                        {rich('webhooks.deliveries.nextAttempt', {
                          time: <Time value={delivery.nextAttemptAt} />,
                        })}
                      </>
                    ) : null}
                  </td>
                  <td>
                    <Time value={delivery.createdAt} />
                  </td>
                  <td>
                    {delivery.attempts.length === 0 ? (
                      t('webhooks.deliveries.noAttempts')
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
                        {t('webhooks.deliveries.redeliver')}
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
