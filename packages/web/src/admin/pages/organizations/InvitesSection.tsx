import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { ConfirmAction } from '../../components/ConfirmAction';
import { SectionPager } from '../../components/CursorPagerButtons';
import { DataTable } from '../../components/DataTable';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { formatDateTime, Time } from '../../format';
import { rich, t } from '../../i18n/text';
import { withQuery } from '../../navigation';
import type { InviteView, RoleView } from '../../organization-types';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { InviteForm } from './InviteForm';

/**
 * Pending invitations (expired ones too): who, with which roles, until when; write admins withdraw them and
 * invite more addresses (an email with a link goes out at once).
 */
export function InvitesSection({
  organizationId,
  roles,
}: {
  organizationId: string;
  roles: readonly RoleView[];
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/organizations/${encodeURIComponent(organizationId)}/invites`;
  // Paged by the server's cursor, as the member list is (MembersSection): the page shown starts after `after`,
  // the first page when it is empty.
  const [after, setAfter] = useState('');
  const invites = useLoad(`${path}\n${after}`, (signal) =>
    api.get<AdminApiResponse<'GET /admin/organizations/{organizationId}/invites'>>(
      withQuery(path, { after }),
      signal,
    ),
  );
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function withdraw(invite: InviteView) {
    setOutcome(null);
    try {
      await api.delete(`${path}/${encodeURIComponent(invite.id)}`);
      setOutcome({
        kind: 'done',
        text: t('organizations.invites.withdrawn', { email: invite.email }),
      });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    invites.reload();
  }

  return (
    <section className="section" aria-labelledby="invites-heading">
      <h2 id="invites-heading">{t('organizations.invites.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('organizations.invites.failed')} />
      <LoadedView load={invites} failedTitle={t('organizations.invites.loadFailed')}>
        {(data) =>
          data.invites.length === 0 && !after ? (
            <p>{t('organizations.invites.empty')}</p>
          ) : (
            <>
              <DataTable
                caption={t('organizations.invites.caption')}
                columns={[
                  t('organizations.invites.column.email'),
                  t('organizations.invites.column.roles'),
                  t('organizations.invites.column.validUntil'),
                  t('organizations.invites.column.sent'),
                  ...(canWrite ? [t('organizations.invites.column.actions')] : []),
                ]}
                busy={invites.loading}
                testId="invites"
              >
                {data.invites.map((invite) => (
                  <tr key={invite.id} data-invite={invite.email}>
                    <th scope="row">{invite.email}</th>
                    <td>{invite.roles.join(', ')}</td>
                    <td>
                      <Time value={invite.expires_at} />
                      {invite.expired ? (
                        <>
                          {' '}
                          <span className="status-badge status-disabled">
                            {t('organizations.invites.expired')}
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <Time value={invite.created_at} />
                    </td>
                    {canWrite ? (
                      <td>
                        <ConfirmAction
                          label={t('organizations.invites.withdraw.label', { email: invite.email })}
                          question={
                            <p>
                              {rich('organizations.invites.withdraw.question', {
                                email: <strong>{invite.email}</strong>,
                              })}
                            </p>
                          }
                          confirmLabel={t('organizations.invites.withdraw.confirm')}
                          busyLabel={t('organizations.invites.withdraw.busy')}
                          onConfirm={() => withdraw(invite)}
                        />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </DataTable>
              <SectionPager
                what={t('organizations.invites.caption')}
                after={after}
                nextAfter={data.next_after}
                firstLabel={t('organizations.list.pager.first')}
                onPage={setAfter}
              />
            </>
          )
        }
      </LoadedView>
      {canWrite ? (
        <InviteForm
          invitesPath={path}
          roles={roles}
          onInvited={(invite) => {
            setOutcome({
              kind: 'done',
              text: t('organizations.invites.sent', {
                email: invite.email,
                until: formatDateTime(invite.expires_at),
              }),
            });
            invites.reload();
          }}
        />
      ) : null}
    </section>
  );
}
