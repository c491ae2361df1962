import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../shared/Button';
import { ConfirmAction } from '../../components/ConfirmAction';
import { rich, t } from '../../i18n/text';
import type { MemberView, RoleView } from '../../organization-types';
import { OrganizationStatusBadge } from './OrganizationStatusBadge';
import { memberLabel } from './role-options';

/** One change to a member, as its row asks for it. */
export type MemberAction =
  | { kind: 'assign_role'; role: string }
  | { kind: 'remove_role'; role: string }
  | { kind: 'set_status'; status: 'active' | 'suspended' }
  | { kind: 'remove' };

/** A role the member does not have yet, chosen from the catalogue and added with one button. */
function AssignRoleForm({
  who,
  available,
  busy,
  onAssign,
}: {
  who: string;
  available: readonly RoleView[];
  busy: boolean;
  onAssign: (role: string) => void;
}) {
  const id = useId();
  const [role, setRole] = useState(available[0]?.key ?? '');
  const chosen = available.some((candidate) => candidate.key === role) ? role : (available[0]?.key ?? '');
  if (available.length === 0) return null;
  return (
    <form
      className="inline-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onAssign(chosen);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('organizations.members.roleToGive', { who })}
      </label>
      <select id={id} value={chosen} onChange={(event) => setRole(event.target.value)}>
        {available.map((candidate) => (
          <option key={candidate.key} value={candidate.key}>
            {t('organizations.roleOption', { name: candidate.name, key: candidate.key })}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" className="button-small" disabled={busy}>
        {t('organizations.members.addRole')}
        <span className="visually-hidden"> {t('organizations.members.addRoleTarget', { who })}</span>
      </Button>
    </form>
  );
}

/** A member's row: who, status, roles, and for write admins the changes a row offers. */
export function MemberRow({
  member,
  roles,
  canWrite,
  onAction,
}: {
  member: MemberView;
  roles: readonly RoleView[];
  canWrite: boolean;
  onAction: (action: MemberAction) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const who = memberLabel(member);

  async function act(action: MemberAction) {
    setBusy(true);
    try {
      await onAction(action);
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr data-member={member.email ?? member.id}>
      <th scope="row">
        {who}
        {member.name && member.email ? <span className="muted small"> ({member.name})</span> : null}
      </th>
      <td>
        <OrganizationStatusBadge status={member.status} />
      </td>
      <td>
        {member.roles.length === 0 ? (
          <span className="muted">{t('organizations.members.noRoles')}</span>
        ) : null}
        <ul className="inline-list">
          {member.roles.map((role) => (
            <li key={role}>
              <code>{role}</code>
              {canWrite ? (
                <>
                  {' '}
                  <Button
                    variant="secondary"
                    className="button-small"
                    disabled={busy}
                    onClick={() => act({ kind: 'remove_role', role })}
                  >
                    {t('organizations.members.removeRole')}
                    <span className="visually-hidden">
                      {' '}
                      {t('organizations.members.removeRoleTarget', { role, who })}
                    </span>
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </td>
      {canWrite ? (
        <td>
          <div className="row-actions">
            <AssignRoleForm
              who={who}
              available={roles.filter((role) => !member.roles.includes(role.key))}
              busy={busy}
              onAssign={(role) => act({ kind: 'assign_role', role })}
            />
            <Button
              variant="secondary"
              className="button-small"
              disabled={busy}
              onClick={() =>
                act({ kind: 'set_status', status: member.status === 'suspended' ? 'active' : 'suspended' })
              }
            >
              {member.status === 'suspended'
                ? t('organizations.members.reinstate')
                : t('organizations.members.suspend')}
              <span className="visually-hidden"> {who}</span>
            </Button>
            <ConfirmAction
              label={t('organizations.members.remove.label', { who })}
              question={
                <p>{rich('organizations.members.remove.question', { who: <strong>{who}</strong> })}</p>
              }
              confirmLabel={t('organizations.members.remove.confirm')}
              busyLabel={t('organizations.members.remove.busy')}
              onConfirm={() => act({ kind: 'remove' })}
            />
          </div>
        </td>
      ) : null}
    </tr>
  );
}
