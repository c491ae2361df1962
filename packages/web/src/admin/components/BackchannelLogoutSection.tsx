import { useId, useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { Time } from '../format';
import { rich, t } from '../i18n/text';
import { useAdmin, useAdminApi } from '../session';
import { useLoad } from '../use-load';
import { DataTable } from './DataTable';
import { LoadedView } from './LoadedView';
import { type Outcome, OutcomeMessage } from './OutcomeMessage';

type LogoutDeliveries = AdminApiResponse<'GET /admin/clients/{clientId}/backchannel-logouts'>;
type LogoutDelivery = LogoutDeliveries['deliveries'][number];

/** The last answer of a logout's attempts, in words. */
function lastAnswer(delivery: LogoutDelivery): string {
  if (delivery.attempts === 0) return t('clients.backchannel.notTried');
  if (delivery.last_error) return delivery.last_error;
  return delivery.last_status_code === null
    ? t('clients.backchannel.delivered')
    : t('clients.backchannel.answered', { status: String(delivery.last_status_code) });
}

/**
 * The back-channel logout tokens sent or to send to a client (docs/logout.md#delivery): each with its session,
 * reason and outcome; a failed one may be sent again.
 */
export function BackchannelLogoutSection({ clientId, uri }: { clientId: string; uri: string | null }) {
  const headingId = useId();
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const path = `/admin/clients/${encodeURIComponent(clientId)}/backchannel-logouts`;
  const deliveries = useLoad(path, (signal) => api.get<LogoutDeliveries>(path, signal));

  async function redeliver(delivery: LogoutDelivery) {
    setOutcome(null);
    try {
      await api.post(`${path}/${encodeURIComponent(delivery.id)}/redeliver`, {});
      setOutcome({ kind: 'done', text: t('clients.backchannel.redelivered') });
      deliveries.reload();
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('clients.backchannel.heading')}</h2>
      <p>
        {uri
          ? rich('clients.backchannel.sentTo', { uri: <code>{uri}</code> })
          : t('clients.backchannel.noUri')}
      </p>
      <OutcomeMessage outcome={outcome} failedTitle={t('clients.backchannel.redeliverFailed')} />
      <p>
        <Button variant="secondary" onClick={deliveries.reload}>
          {t('clients.backchannel.refresh')}
        </Button>
      </p>
      <LoadedView load={deliveries} failedTitle={t('clients.backchannel.loadFailed')}>
        {(data) =>
          data.deliveries.length === 0 ? (
            <p>{t('clients.backchannel.empty')}</p>
          ) : (
            <DataTable
              caption={t('clients.backchannel.caption')}
              columns={[
                t('clients.backchannel.column.session'),
                t('clients.backchannel.column.reason'),
                t('clients.backchannel.column.status'),
                t('clients.backchannel.column.created'),
                t('clients.backchannel.column.attempts'),
                t('clients.backchannel.column.lastAnswer'),
                t('clients.backchannel.column.actions'),
              ]}
              busy={deliveries.loading}
            >
              {data.deliveries.map((delivery) => (
                <tr key={delivery.id} data-testid="backchannel-logout">
                  <th scope="row">
                    <code>{delivery.sid}</code>
                    <br />
                    {rich('clients.backchannel.user', { sub: <code>{delivery.sub}</code> })}
                  </th>
                  <td>{delivery.reason.replaceAll('_', ' ')}</td>
                  <td>
                    {delivery.status}
                    {delivery.next_attempt_at ? (
                      <>
                        {' '}
                        {rich('clients.backchannel.nextAttempt', {
                          time: <Time value={delivery.next_attempt_at} />,
                        })}
                      </>
                    ) : null}
                  </td>
                  <td>
                    <Time value={delivery.created_at} />
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>{lastAnswer(delivery)}</td>
                  <td>
                    {canWrite && delivery.status === 'failed' ? (
                      <Button variant="secondary" onClick={() => redeliver(delivery)}>
                        {t('clients.backchannel.sendAgain')}
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
