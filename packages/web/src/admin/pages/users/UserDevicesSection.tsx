import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { ConfirmAction } from '../../components/ConfirmAction';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { Time } from '../../format';
import { rich, t } from '../../i18n/text';
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
      setOutcome({ kind: 'done', text: t('users.devices.revoke.done', { label }) });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    devices.reload();
  }

  return (
    <section className="section" aria-labelledby="devices-heading">
      <h2 id="devices-heading">{t('users.devices.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('users.devices.failed')} />
      <LoadedView load={devices} failedTitle={t('users.devices.loadFailed')}>
        {({ devices: list }) =>
          list.length === 0 ? (
            <p>{t('users.devices.empty')}</p>
          ) : (
            <ul className="passkey-list" data-testid="user-devices">
              {list.map((device) => {
                const label = device.label || t('users.devices.unnamed');
                return (
                  <li key={device.device_id}>
                    {rich('users.devices.item', {
                      label: <strong>{label}</strong>,
                      trusted: <Time value={device.created_at} />,
                      lastUsed: device.last_used_at ? (
                        <Time value={device.last_used_at} />
                      ) : (
                        t('users.devices.neverUsed')
                      ),
                    })}
                    {canWrite ? (
                      <div className="form-actions">
                        <ConfirmAction
                          label={t('users.devices.revoke.label', { label })}
                          question={
                            <p>
                              {rich('users.devices.revoke.question', {
                                label: <strong>{label}</strong>,
                                email: <strong>{user.email}</strong>,
                              })}
                            </p>
                          }
                          confirmLabel={t('users.devices.revoke.confirm')}
                          busyLabel={t('users.devices.revoke.busy')}
                          onConfirm={() => revoke(device.device_id, label)}
                        />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )
        }
      </LoadedView>
    </section>
  );
}
