import type { CheckboxOption } from '../../../shared/CheckboxGroup';
import { t } from '../../i18n/text';
import type { RoleView } from '../../organization-types';

/** New members and invitations get `member` when no role is chosen (as the server does). */
export const DEFAULT_ROLES = ['member'];

/** The catalogue's roles as choices: the name, with the key apps see in the `roles` claim. */
export function roleOptions(roles: readonly RoleView[]): CheckboxOption[] {
  return roles.map((role) => ({
    value: role.key,
    label: t('organizations.roleOption', { name: role.name, key: role.key }),
    hint: role.permissions.length
      ? t('organizations.roleOption.grants', { permissions: role.permissions.join(', ') })
      : t('organizations.roleOption.grantsNothing'),
  }));
}

/** Who a member is, in words: their address, or for an invitation the invited address. */
export function memberLabel(member: { email: string | null; name: string | null; id: string }): string {
  return member.email ?? member.name ?? member.id;
}
