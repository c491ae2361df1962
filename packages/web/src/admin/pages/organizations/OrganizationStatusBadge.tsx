import type { AdminMessageKey } from '../../i18n/messages';
import { t } from '../../i18n/text';
import type { MemberStatus, OrganizationStatus } from '../../organization-types';

const STATUS_TEXT: Record<OrganizationStatus | MemberStatus, AdminMessageKey> = {
  active: 'organizations.status.active',
  disabled: 'organizations.status.disabled',
  invited: 'organizations.status.invited',
  suspended: 'organizations.status.suspended',
};

/** An organization's or a member's status as a badge (the word itself, so it is not told by colour alone). */
export function OrganizationStatusBadge({ status }: { status: OrganizationStatus | MemberStatus }) {
  // A suspended member looks like a disabled account: present, but counting for nothing.
  const look = status === 'suspended' ? 'disabled' : status;
  return <span className={`status-badge status-${look}`}>{t(STATUS_TEXT[status])}</span>;
}
