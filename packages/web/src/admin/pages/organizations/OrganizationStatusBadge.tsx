import type { MemberStatus, OrganizationStatus } from '../../organization-types';

/** An organization's or a member's status as a badge (the word itself, so it is not told by colour alone). */
export function OrganizationStatusBadge({ status }: { status: OrganizationStatus | MemberStatus }) {
  // A suspended member looks like a disabled account: present, but counting for nothing.
  const look = status === 'suspended' ? 'disabled' : status;
  return <span className={`status-badge status-${look}`}>{status}</span>;
}
