import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Link } from '../../../shared/router';
import { LoadedView } from '../../components/LoadedView';
import { rich, t } from '../../i18n/text';
import { useAdminApi } from '../../session';
import type { UserView } from '../../types';
import { useLoad } from '../../use-load';
import { OrganizationStatusBadge } from '../organizations/OrganizationStatusBadge';

/** The organizations the user belongs to, in any membership status, with their roles there. */
export function UserOrganizationsSection({ user }: { user: UserView }) {
  const api = useAdminApi();
  const path = `/admin/users/${encodeURIComponent(user.id)}/organizations`;
  const memberships = useLoad(path, (signal) =>
    api.get<AdminApiResponse<'GET /admin/users/{userId}/organizations'>>(path, signal),
  );
  return (
    <section className="section" aria-labelledby="user-organizations-heading">
      <h2 id="user-organizations-heading">{t('users.organizations.heading')}</h2>
      <LoadedView load={memberships} failedTitle={t('users.organizations.loadFailed')}>
        {(data) =>
          data.memberships.length === 0 ? (
            <p>{t('users.organizations.empty')}</p>
          ) : (
            <ul className="plain-list">
              {data.memberships.map(({ organization, member }) => (
                <li key={member.id}>
                  {rich('users.organizations.item', {
                    organization: (
                      <Link to={`/organizations/${encodeURIComponent(organization.id)}`}>
                        {organization.name}
                      </Link>
                    ),
                    status: <OrganizationStatusBadge status={member.status} />,
                    roles: member.roles.join(', ') || t('users.organizations.noRoles'),
                  })}
                </li>
              ))}
            </ul>
          )
        }
      </LoadedView>
    </section>
  );
}
