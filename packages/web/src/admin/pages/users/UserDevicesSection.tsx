import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { ConfirmAction } from '../../components/ConfirmAction';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { Time } from '../../format';
import { useAdmin, useAdminApi } from '../../session';
import type { UserView } from '../../types';
import { useLoad } from '../../use-load';

type Devices = AdminApiResponse<'GET /admin/users/{userId}/devices'>;

/**
 * The user's trusted devices (docs/zk.md §3.5): browsers that keep a key able to unlock the user's encryption keys.
 * Write admins revoke one — a lost or shared computer — which deletes its envelope, so that browser's key opens
 * nothing any more; never the last envelope that can unlock. Revocations are audited.
 */
export function UserDevicesSection({ user }: { user: UserView }) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/users/${encodeURIComponent(user.id)}/devices`;
  const devices = useLoad(path, (signal) => api.get<Devices>(path, signal));
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function revoke(deviceId: string, label: string) {
    setOutcome(null);
    try {
      await api.delete(`${path}/${encodeURIComponent(deviceId)}`);
      setOutcome({ kind: 'done', text: `Device “${label}” is revoked: it can no longer unlock the keys.` });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    devices.reload();
  }

  return (
    <section className="section" aria-labelledby="devices-heading">
      <h2 id="devices-heading">Trusted devices</h2>
      <OutcomeMessage outcome={outcome} failedTitle="The device was not revoked" />
      <LoadedView load={devices} failedTitle="The trusted devices could not be loaded">
        {({ devices: list }) =>
          list.length === 0 ? (
            <p>No trusted devices.</p>
          ) : (
            <ul className="passkey-list" data-testid="user-devices">
              {list.map((device) => (
                <li key={device.device_id}>
                  <strong>{device.label || 'Unnamed device'}</strong> — trusted{' '}
                  <Time value={device.created_at} />, last used{' '}
                  {device.last_used_at ? <Time value={device.last_used_at} /> : 'never'}
                  {canWrite ? (
                    <div className="form-actions">
                      <ConfirmAction
                        label={`Revoke “${device.label || 'Unnamed device'}”`}
                        question={
                          <p>
                            Revoke the trusted device <strong>{device.label || 'Unnamed device'}</strong> of{' '}
                            <strong>{user.email}</strong>? It can no longer unlock the encryption keys.
                          </p>
                        }
                        confirmLabel="Revoke now"
                        busyLabel="Revoking…"
                        onConfirm={() => revoke(device.device_id, device.label || 'Unnamed device')}
                      />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </LoadedView>
    </section>
  );
}
