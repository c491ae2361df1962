import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Link } from '../../shared/router';
import { Time } from '../format';
import { rich, t } from '../i18n/text';
import { useAdminApi } from '../session';
import { useLoad } from '../use-load';

type Registration = AdminApiResponse<'GET /admin/clients/{clientId}/registration'>;

/**
 * How a client came to be (docs/client-registration.md#what-admins-see): registered by itself through Dynamic Client
 * Registration, with which initial access token, or created by an administrator.
 */
export function ClientRegistrationSection({ clientId }: { clientId: string }) {
  const api = useAdminApi();
  const loaded = useLoad(`registration:${clientId}`, (signal) =>
    api.get<Registration>(`/admin/clients/${encodeURIComponent(clientId)}/registration`, signal),
  );
  if (loaded.data === undefined) return null;
  const data = loaded.data.registration;
  return (
    <section className="section" aria-labelledby="registration-heading">
      <h2 id="registration-heading">{t('clients.registration.heading')}</h2>
      {data === null ? (
        <p data-testid="client-registration">{t('clients.registration.byAdmin')}</p>
      ) : (
        <dl className="summary-list" data-testid="client-registration">
          <div>
            <dt>{t('clients.registration.registeredBy')}</dt>
            <dd>
              {data.method === 'open'
                ? t('clients.registration.dynamic.open')
                : data.initial_access_token
                  ? rich('clients.registration.dynamic.token', {
                      description: data.initial_access_token.description,
                      prefix: (
                        <Link to="/registration-tokens">
                          <code>{data.initial_access_token.prefix}</code>
                        </Link>
                      ),
                    })
                  : t('clients.registration.dynamic.tokenGone')}
            </dd>
          </div>
          <div>
            <dt>{t('clients.registration.registeredAt')}</dt>
            <dd>
              {data.registered_from ? (
                rich('clients.registration.registeredAtFrom', {
                  time: <Time value={data.registered_at} />,
                  address: data.registered_from,
                })
              ) : (
                <Time value={data.registered_at} />
              )}
            </dd>
          </div>
          {data.software_id ? (
            <div>
              <dt>{t('clients.registration.software')}</dt>
              <dd>
                <code>{data.software_id}</code>
                {data.software_version ? ` ${data.software_version}` : ''}
              </dd>
            </div>
          ) : null}
        </dl>
      )}
    </section>
  );
}
