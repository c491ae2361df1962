import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { ConfirmAction } from '../../components/ConfirmAction';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { Time } from '../../format';
import type { AdminMessageKey } from '../../i18n/messages';
import { rich, t } from '../../i18n/text';
import { useAdmin, useAdminApi } from '../../session';
import type { UserView } from '../../types';
import { useLoad } from '../../use-load';

type KeybagSummary = AdminApiResponse<'GET /admin/users/{userId}/keybag'>;

/** The envelope types the service knows; another one (from a newer server) is shown by its own name. */
const TYPE_NAMES: Record<string, AdminMessageKey> = {
  password: 'users.keybag.type.password',
  recovery_key: 'users.keybag.type.recoveryKey',
  passkey_prf: 'users.keybag.type.passkey',
  trusted_device: 'users.keybag.type.trustedDevice',
};

function typeName(type: string): string {
  const key = Object.hasOwn(TYPE_NAMES, type) ? TYPE_NAMES[type] : undefined;
  return key ? t(key) : type;
}

/**
 * The user's encryption key custody as the server sees it (docs/zk.md §4, §7): whether a keybag exists, its
 * version and dates, and each envelope's type, label, status and use — metadata only, the server holds nothing
 * that opens it. A write admin may reset it (audited): every app's key for this user changes, and data encrypted
 * under the old keys is lost for good.
 */
export function UserKeybagSection({ user }: { user: UserView }) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/users/${encodeURIComponent(user.id)}/keybag`;
  const keybag = useLoad(path, (signal) => api.get<KeybagSummary>(path, signal));
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function reset() {
    setOutcome(null);
    try {
      await api.delete(path);
      setOutcome({
        kind: 'done',
        text: t('users.keybag.reset.done'),
      });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    keybag.reload();
  }

  return (
    <section className="section" aria-labelledby="keybag-heading">
      <h2 id="keybag-heading">{t('users.keybag.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('users.keybag.failed')} />
      <LoadedView load={keybag} failedTitle={t('users.keybag.loadFailed')}>
        {(summary) =>
          summary.exists ? (
            <>
              <dl className="summary-list" data-testid="keybag-state" aria-busy={keybag.loading}>
                <div>
                  <dt>{t('users.keybag.status')}</dt>
                  <dd>{t('users.keybag.setUp', { version: String(summary.version) })}</dd>
                </div>
                <div>
                  <dt>{t('users.keybag.created')}</dt>
                  <dd>
                    <Time value={summary.created_at} />
                  </dd>
                </div>
                <div>
                  <dt>{t('users.keybag.rotated')}</dt>
                  <dd>
                    <Time value={summary.rotated_at} />
                  </dd>
                </div>
                <div>
                  <dt>{t('users.keybag.lastUnlocked')}</dt>
                  <dd>
                    <Time value={summary.last_unlocked_at} />
                  </dd>
                </div>
              </dl>
              <div className="table-wrap">
                <table className="data-table" data-testid="keybag-envelopes">
                  <caption>{t('users.keybag.envelopes.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('users.keybag.envelopes.type')}</th>
                      <th scope="col">{t('users.keybag.envelopes.label')}</th>
                      <th scope="col">{t('users.keybag.envelopes.status')}</th>
                      <th scope="col">{t('users.keybag.envelopes.added')}</th>
                      <th scope="col">{t('users.keybag.envelopes.lastUsed')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {summary.envelopes.map((envelope) => (
                      <tr key={envelope.id}>
                        <th scope="row">{typeName(envelope.type)}</th>
                        <td>{envelope.label || '—'}</td>
                        <td>
                          {envelope.status === 'usable'
                            ? t('users.keybag.envelope.usable')
                            : t('users.keybag.envelope.stale')}
                        </td>
                        <td>
                          <Time value={envelope.created_at} />
                        </td>
                        <td>
                          <Time value={envelope.last_used_at} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {canWrite ? (
                <div className="form-actions">
                  <ConfirmAction
                    label={t('users.keybag.reset.label')}
                    question={
                      <ErrorPanel title={t('users.keybag.reset.warning')}>
                        <p>{rich('users.keybag.reset.question', { email: <strong>{user.email}</strong> })}</p>
                      </ErrorPanel>
                    }
                    confirmLabel={t('users.keybag.reset.confirm')}
                    busyLabel={t('users.keybag.reset.busy')}
                    onConfirm={reset}
                  />
                </div>
              ) : null}
            </>
          ) : (
            <p data-testid="keybag-state">{t('users.keybag.none')}</p>
          )
        }
      </LoadedView>
    </section>
  );
}
