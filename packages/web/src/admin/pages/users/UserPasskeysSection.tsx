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

type Passkeys = AdminApiResponse<'GET /admin/users/{userId}/passkeys'>;

/**
 * The user's passkeys (public data only); write admins revoke one — a lost or cloned authenticator — even the
 * last: the user then signs in with the password or resets it by email. Revocations are audited.
 */
export function UserPasskeysSection({ user }: { user: UserView }) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/users/${encodeURIComponent(user.id)}/passkeys`;
  const passkeys = useLoad(path, (signal) => api.get<Passkeys>(path, signal));
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function revoke(id: string, name: string) {
    setOutcome(null);
    try {
      await api.delete(`${path}/${encodeURIComponent(id)}`);
      setOutcome({ kind: 'done', text: t('users.passkeys.revoke.done', { name }) });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    passkeys.reload();
  }

  return (
    <section className="section" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t('users.passkeys.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('users.passkeys.failed')} />
      <LoadedView load={passkeys} failedTitle={t('users.passkeys.loadFailed')}>
        {({ passkeys: list }) =>
          list.length === 0 ? (
            <p>{t('users.passkeys.empty')}</p>
          ) : (
            <ul className="passkey-list" data-testid="user-passkeys">
              {list.map((passkey) => (
                <li key={passkey.id}>
                  {rich(
                    passkey.clone_suspected ? 'users.passkeys.itemCloneSuspected' : 'users.passkeys.item',
                    {
                      name: <strong>{passkey.name}</strong>,
                      added: <Time value={passkey.created_at} />,
                      lastUsed: passkey.last_used_at ? (
                        <Time value={passkey.last_used_at} />
                      ) : (
                        t('users.passkeys.neverUsed')
                      ),
                      unlock: passkey.prf_capable
                        ? t('users.passkeys.canUnlock')
                        : t('users.passkeys.cannotUnlock'),
                    },
                  )}
                  {canWrite ? (
                    <div className="form-actions">
                      <ConfirmAction
                        label={t('users.passkeys.revoke.label', { name: passkey.name })}
                        question={
                          <p>
                            {rich('users.passkeys.revoke.question', {
                              name: <strong>{passkey.name}</strong>,
                              email: <strong>{user.email}</strong>,
                            })}
                          </p>
                        }
                        confirmLabel={t('users.passkeys.revoke.confirm')}
                        busyLabel={t('users.passkeys.revoke.busy')}
                        onConfirm={() => revoke(passkey.id, passkey.name)}
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
