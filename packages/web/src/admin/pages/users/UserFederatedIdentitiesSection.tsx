import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Link } from '../../../shared/router';
import { ConfirmAction } from '../../components/ConfirmAction';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { Time } from '../../format';
import { useAdmin, useAdminApi } from '../../session';
import type { UserView } from '../../types';
import { useLoad } from '../../use-load';

type Identities = AdminApiResponse<'GET /admin/users/{userId}/federated-identities'>;

/**
 * The user's links to upstream identity providers (federation); write admins unlink one: that provider then no
 * longer signs in to this account (the account stays, and password reset by email still works). Audited.
 */
export function UserFederatedIdentitiesSection({ user }: { user: UserView }) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/users/${encodeURIComponent(user.id)}/federated-identities`;
  const identities = useLoad(path, (signal) => api.get<Identities>(path, signal));
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function unlink(id: string, connectionName: string) {
    setOutcome(null);
    try {
      await api.delete(`${path}/${encodeURIComponent(id)}`);
      setOutcome({ kind: 'done', text: `${connectionName} no longer signs in to this account.` });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    identities.reload();
  }

  return (
    <section className="section" aria-labelledby="federated-identities-heading">
      <h2 id="federated-identities-heading">Linked identity providers</h2>
      <OutcomeMessage outcome={outcome} failedTitle="The identity was not unlinked" />
      <LoadedView load={identities} failedTitle="The linked identities could not be loaded">
        {({ identities: list }) =>
          list.length === 0 ? (
            <p>Not linked to any identity provider.</p>
          ) : (
            <ul className="passkey-list" data-testid="user-federated-identities">
              {list.map((identity) => (
                <li key={identity.id}>
                  <Link to={`/federation/${encodeURIComponent(identity.connectionId)}`}>
                    <strong>{identity.connectionName}</strong>
                  </Link>{' '}
                  — subject <code>{identity.subject}</code>
                  {identity.email ? <> ({identity.email})</> : null},{' '}
                  {identity.linkedBy === 'jit'
                    ? 'account created by its first sign-in'
                    : 'linked by verified email'}
                  , linked <Time value={identity.createdAt} />, last sign-in{' '}
                  {identity.lastSignInAt ? <Time value={identity.lastSignInAt} /> : 'never'}
                  {canWrite ? (
                    <div className="form-actions">
                      <ConfirmAction
                        label={`Unlink ${identity.connectionName}`}
                        question={
                          <p>
                            Unlink <strong>{identity.connectionName}</strong> from{' '}
                            <strong>{user.email}</strong>? That provider stops signing in to this account; its
                            next sign-in there may link or create an account again, as the connection’s policy
                            allows.
                          </p>
                        }
                        confirmLabel="Unlink now"
                        busyLabel="Unlinking…"
                        onConfirm={() => unlink(identity.id, identity.connectionName)}
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
