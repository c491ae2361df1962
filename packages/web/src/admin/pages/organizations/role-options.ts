import type { CheckboxOption } from '../../../shared/CheckboxGroup';
import type { RoleView } from '../../organization-types';

/** New members and invitations get `member` when no role is chosen (as the server does). */
export const DEFAULT_ROLES = ['member'];

/** The catalogue's roles as choices: the name, with the key apps see in the `roles` claim. */
export function roleOptions(roles: readonly RoleView[]): CheckboxOption[] {
  return roles.map((role) => ({
    value: role.key,
    label: `${role.name} (${role.key})`,
    hint: role.permissions.length ? `Grants ${role.permissions.join(', ')}.` : 'Grants no permission.',
  }));
}

/** Who a member is, in words: their address, or for an invitation the invited address. */
export function memberLabel(member: { email: string | null; name: string | null; id: string }): string {
  return member.email ?? member.name ?? member.id;
}
