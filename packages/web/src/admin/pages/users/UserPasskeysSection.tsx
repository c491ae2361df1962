import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { ConfirmAction } from '../../components/ConfirmAction';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { Time } from '../../format';
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
      setOutcome({ kind: 'done', text: `Passkey “${name}” is revoked: it no longer signs in.` });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    passkeys.reload();
  }

  return (
    <section className="section" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      <OutcomeMessage outcome={outcome} failedTitle="The passkey was not revoked" />
      <LoadedView load={passkeys} failedTitle="The passkeys could not be loaded">
        {({ passkeys: list }) =>
          list.length === 0 ? (
            <p>No passkeys.</p>
          ) : (
            <ul className="passkey-list" data-testid="user-passkeys">
              {list.map((passkey) => (
                <li key={passkey.id}>
                  <strong>{passkey.name}</strong> — added <Time value={passkey.created_at} />, last used{' '}
                  {passkey.last_used_at ? <Time value={passkey.last_used_at} /> : 'never'};{' '}
                  {passkey.prf_capable ? 'can unlock keys' : "can't unlock keys"}
                  {passkey.clone_suspected ? '; its signature counter went back (possibly cloned)' : ''}
                  {canWrite ? (
                    <div className="form-actions">
                      <ConfirmAction
                        label={`Revoke “${passkey.name}”`}
                        question={
                          <p>
                            Revoke the passkey <strong>{passkey.name}</strong> of{' '}
                            <strong>{user.email}</strong>? It stops signing in at once.
                          </p>
                        }
                        confirmLabel="Revoke now"
                        busyLabel="Revoking…"
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
