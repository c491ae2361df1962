import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { ConfirmAction } from '../../components/ConfirmAction';
import { DataTable } from '../../components/DataTable';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { formatDateTime, Time } from '../../format';
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
  const invites = useLoad(path, (signal) =>
    api.get<AdminApiResponse<'GET /admin/organizations/{organizationId}/invites'>>(path, signal),
  );
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function withdraw(invite: InviteView) {
    setOutcome(null);
    try {
      await api.delete(`${path}/${encodeURIComponent(invite.id)}`);
      setOutcome({
        kind: 'done',
        text: `The invitation of ${invite.email} is withdrawn: its link no longer works.`,
      });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    invites.reload();
  }

  return (
    <section className="section" aria-labelledby="invites-heading">
      <h2 id="invites-heading">Invitations</h2>
      <OutcomeMessage outcome={outcome} failedTitle="That did not work" />
      <LoadedView load={invites} failedTitle="The invitations could not be loaded">
        {(data) =>
          data.invites.length === 0 ? (
            <p>No pending invitations.</p>
          ) : (
            <DataTable
              caption="Pending invitations"
              columns={
                canWrite
                  ? ['Email', 'Roles', 'Valid until', 'Sent', 'Actions']
                  : ['Email', 'Roles', 'Valid until', 'Sent']
              }
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
                        <span className="status-badge status-disabled">expired</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <Time value={invite.created_at} />
                  </td>
                  {canWrite ? (
                    <td>
                      <ConfirmAction
                        label={`Withdraw the invitation of ${invite.email}`}
                        question={
                          <p>
                            Withdraw the invitation of <strong>{invite.email}</strong>? The link in their
                            email stops working.
                          </p>
                        }
                        confirmLabel="Withdraw invitation"
                        busyLabel="Withdrawing…"
                        onConfirm={() => withdraw(invite)}
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </DataTable>
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
              text: `An invitation is on its way to ${invite.email}. It is valid until ${formatDateTime(invite.expires_at)}.`,
            });
            invites.reload();
          }}
        />
      ) : null}
    </section>
  );
}
