import { ConnectionListPage } from '../../components/connections/ConnectionListPage';
import type { FederationConnectionView } from '../../federation-types';
import { rich, t } from '../../i18n/text';

/** Upstream identity providers (federation, docs/federation.md): people of their email domains sign in there. */
export function FederationConnectionsPage() {
  return (
    <ConnectionListPage<FederationConnectionView>
      title={t('federation.list.title')}
      apiPath="/admin/federation/connections"
      portalPath="/federation"
      deleted={(name) => rich('federation.list.deleted', { name })}
      intro={t('federation.list.intro')}
      empty={t('federation.list.empty')}
      caption={t('federation.list.caption')}
      columns={[
        t('federation.list.column.issuer'),
        t('federation.list.column.domains'),
        t('federation.list.column.state'),
      ]}
      cells={(connection) => (
        <>
          <td>
            <code>{connection.issuer}</code>
          </td>
          <td>
            {connection.domainVerification.length === 0
              ? t('federation.list.noDomains')
              : connection.domainVerification
                  .map((domain) =>
                    t(
                      domain.verified
                        ? 'federation.list.domain.verified'
                        : 'federation.list.domain.unverified',
                      {
                        domain: domain.domain,
                      },
                    ),
                  )
                  .join(', ')}
          </td>
          <td>{connection.enabled ? t('federation.state.enabled') : t('federation.state.disabled')}</td>
        </>
      )}
    />
  );
}
