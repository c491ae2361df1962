import { useId, useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { Time } from '../format';
import { useAdmin, useAdminApi } from '../session';
import { useLoad } from '../use-load';
import { DataTable } from './DataTable';
import { LoadedView } from './LoadedView';
import { type Outcome, OutcomeMessage } from './OutcomeMessage';

type LogoutDeliveries = AdminApiResponse<'GET /admin/clients/{clientId}/backchannel-logouts'>;
type LogoutDelivery = LogoutDeliveries['deliveries'][number];

/** The last answer of a logout's attempts, in words. */
function lastAnswer(delivery: LogoutDelivery): string {
  if (delivery.attempts === 0) return 'Not tried yet';
  if (delivery.last_error) return delivery.last_error;
  return delivery.last_status_code === null ? 'Delivered' : `Answered ${delivery.last_status_code}`;
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
      setOutcome({ kind: 'done', text: 'The logout token will be sent again.' });
      deliveries.reload();
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>Back-channel logout</h2>
      <p>
        {uri ? (
          <>
            When a session this app got tokens in ends, a logout token is sent to <code>{uri}</code>.
          </>
        ) : (
          'No back-channel logout URI is set (see Logout in the settings below): the app is not told when sessions end.'
        )}
      </p>
      <OutcomeMessage outcome={outcome} failedTitle="The logout token was not sent again" />
      <p>
        <Button variant="secondary" onClick={deliveries.reload}>
          Refresh
        </Button>
      </p>
      <LoadedView load={deliveries} failedTitle="The logout deliveries could not be loaded">
        {(data) =>
          data.deliveries.length === 0 ? (
            <p>No logout token has been sent to this app yet.</p>
          ) : (
            <DataTable
              caption="Logout tokens, newest first"
              columns={['Session', 'Reason', 'Status', 'Created', 'Attempts', 'Last answer', 'Actions']}
              busy={deliveries.loading}
            >
              {data.deliveries.map((delivery) => (
                <tr key={delivery.id} data-testid="backchannel-logout">
                  <th scope="row">
                    <code>{delivery.sid}</code>
                    <br />
                    user <code>{delivery.sub}</code>
                  </th>
                  <td>{delivery.reason.replaceAll('_', ' ')}</td>
                  <td>
                    {delivery.status}
                    {delivery.next_attempt_at ? (
                      <>
                        {' '}
                        (next attempt <Time value={delivery.next_attempt_at} />)
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
                        Send again
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
