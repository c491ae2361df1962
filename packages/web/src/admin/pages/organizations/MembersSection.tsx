import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { SectionPager } from '../../components/CursorPagerButtons';
import { DataTable } from '../../components/DataTable';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { describeError } from '../../error-text';
import { t } from '../../i18n/text';
import { withQuery } from '../../navigation';
import type { MemberView, RoleView } from '../../organization-types';
import { type AdminApi, useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { AddMemberForm } from './AddMemberForm';
import { type MemberAction, MemberRow } from './MemberRow';
import { memberLabel } from './role-options';

/** Carries out one change to a member; resolves with what it did, in words. */
async function applyMemberAction(
  api: AdminApi,
  membersPath: string,
  member: MemberView,
  action: MemberAction,
): Promise<string> {
  const memberPath = `${membersPath}/${encodeURIComponent(member.id)}`;
  const who = memberLabel(member);
  switch (action.kind) {
    case 'assign_role':
      await api.post(`${memberPath}/roles`, { role: action.role });
      return t('organizations.members.roleAssigned', { who, role: action.role });
    case 'remove_role':
      await api.delete(`${memberPath}/roles/${encodeURIComponent(action.role)}`);
      return t('organizations.members.roleRemoved', { who, role: action.role });
    case 'set_status':
      await api.put(memberPath, { status: action.status });
      return action.status === 'suspended'
        ? t('organizations.members.suspended', { who })
        : t('organizations.members.reinstated', { who });
    default:
      await api.delete(memberPath);
      return t('organizations.members.removed', { who });
  }
}

function MembersTable({
  members,
  roles,
  busy,
  canWrite,
  onAction,
}: {
  members: MemberView[];
  roles: readonly RoleView[];
  busy: boolean;
  canWrite: boolean;
  onAction: (member: MemberView, action: MemberAction) => Promise<void>;
}) {
  return (
    <DataTable
      caption={t('organizations.members.caption')}
      columns={[
        t('organizations.members.column.member'),
        t('organizations.members.column.status'),
        t('organizations.members.column.roles'),
        ...(canWrite ? [t('organizations.members.column.actions')] : []),
      ]}
      busy={busy}
      testId="members"
    >
      {members.map((member) => (
        <MemberRow
          key={member.id}
          member={member}
          roles={roles}
          canWrite={canWrite}
          onAction={(action) => onAction(member, action)}
        />
      ))}
    </DataTable>
  );
}

/**
 * The organization's members (invitations are listed under Invitations): their status and roles, and for write
 * admins adding and removing roles, suspending and reinstating, removing, and adding an existing user.
 */
export function MembersSection({
  organizationId,
  roles,
  rolesError,
}: {
  organizationId: string;
  roles: readonly RoleView[];
  rolesError: unknown;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/organizations/${encodeURIComponent(organizationId)}/members`;
  // The list is paged by the server's cursor (docs/organizations.md#admin-api-admin-port): the page shown starts
  // after `after`, the first page when it is empty. The page keys this section by organization, so another
  // organization starts on its first page.
  const [after, setAfter] = useState('');
  const members = useLoad(`${path}\n${after}`, (signal) =>
    api.get<AdminApiResponse<'GET /admin/organizations/{organizationId}/members'>>(
      withQuery(path, { after }),
      signal,
    ),
  );
  const [outcome, setOutcome] = useState<Outcome>(null);

  /** Runs one change, says how it went, and shows the list as the server now has it. */
  async function change(member: MemberView, action: MemberAction): Promise<void> {
    setOutcome(null);
    try {
      setOutcome({ kind: 'done', text: await applyMemberAction(api, path, member, action) });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    members.reload();
  }

  return (
    <section className="section" aria-labelledby="members-heading">
      <h2 id="members-heading">{t('organizations.members.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('organizations.members.failed')} />
      {rolesError ? (
        <ErrorPanel title={t('organizations.members.rolesFailed')}>
          <p>{describeError(rolesError)}</p>
        </ErrorPanel>
      ) : null}
      <LoadedView load={members} failedTitle={t('organizations.members.loadFailed')}>
        {(data) => {
          const joined = data.members.filter((member) => member.status !== 'invited');
          return joined.length === 0 && !after && data.next_after === null ? (
            <p>{t('organizations.members.empty')}</p>
          ) : (
            <>
              <MembersTable
                members={joined}
                roles={roles}
                busy={members.loading}
                canWrite={canWrite}
                onAction={change}
              />
              <SectionPager
                what={t('organizations.members.caption')}
                after={after}
                nextAfter={data.next_after}
                firstLabel={t('organizations.list.pager.first')}
                onPage={setAfter}
              />
            </>
          );
        }}
      </LoadedView>
      {canWrite ? (
        <AddMemberForm
          membersPath={path}
          roles={roles}
          onAdded={(member) => {
            setOutcome({
              kind: 'done',
              text: t('organizations.members.added', { who: memberLabel(member) }),
            });
            members.reload();
          }}
        />
      ) : null}
    </section>
  );
}
