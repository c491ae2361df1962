import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Link } from '../../../shared/router';
import { ConfirmAction } from '../../components/ConfirmAction';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { Time } from '../../format';
import { rich, t } from '../../i18n/text';
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
      setOutcome({ kind: 'done', text: t('users.identities.unlink.done', { connection: connectionName }) });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    identities.reload();
  }

  return (
    <section className="section" aria-labelledby="federated-identities-heading">
      <h2 id="federated-identities-heading">{t('users.identities.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('users.identities.failed')} />
      <LoadedView load={identities} failedTitle={t('users.identities.loadFailed')}>
        {({ identities: list }) =>
          list.length === 0 ? (
            <p>{t('users.identities.empty')}</p>
          ) : (
            <ul className="passkey-list" data-testid="user-federated-identities">
              {list.map((identity) => (
                <li key={identity.id}>
                  {rich('users.identities.item', {
                    connection: (
                      <Link to={`/federation/${encodeURIComponent(identity.connectionId)}`}>
                        <strong>{identity.connectionName}</strong>
                      </Link>
                    ),
                    subject: identity.email
                      ? rich('users.identities.subjectWithEmail', {
                          subject: <code>{identity.subject}</code>,
                          email: identity.email,
                        })
                      : rich('users.identities.subject', { subject: <code>{identity.subject}</code> }),
                    linkedHow:
                      identity.linkedBy === 'jit'
                        ? t('users.identities.linkedByJit')
                        : t('users.identities.linkedByEmail'),
                    linked: <Time value={identity.createdAt} />,
                    lastSignIn: identity.lastSignInAt ? (
                      <Time value={identity.lastSignInAt} />
                    ) : (
                      t('users.identities.neverSignedIn')
                    ),
                  })}
                  {canWrite ? (
                    <div className="form-actions">
                      <ConfirmAction
                        label={t('users.identities.unlink.label', { connection: identity.connectionName })}
                        question={
                          <p>
                            {rich('users.identities.unlink.question', {
                              connection: <strong>{identity.connectionName}</strong>,
                              email: <strong>{user.email}</strong>,
                            })}
                          </p>
                        }
                        confirmLabel={t('users.identities.unlink.confirm')}
                        busyLabel={t('users.identities.unlink.busy')}
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
