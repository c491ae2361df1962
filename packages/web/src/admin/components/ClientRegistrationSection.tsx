import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Link } from '../../shared/router';
import { Time } from '../format';
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
      <h2 id="registration-heading">Registration</h2>
      {data === null ? (
        <p data-testid="client-registration">Created by an administrator.</p>
      ) : (
        <dl className="summary-list" data-testid="client-registration">
          <div>
            <dt>Registered by</dt>
            <dd>
              Dynamic client registration,{' '}
              {data.method === 'open' ? (
                'open registration (no initial access token)'
              ) : data.initial_access_token ? (
                <>
                  initial access token “{data.initial_access_token.description}” (
                  <Link to="/registration-tokens">
                    <code>{data.initial_access_token.prefix}</code>
                  </Link>
                  )
                </>
              ) : (
                'an initial access token that no longer exists'
              )}
            </dd>
          </div>
          <div>
            <dt>Registered at</dt>
            <dd>
              <Time value={data.registered_at} />
              {data.registered_from ? ` from ${data.registered_from}` : ''}
            </dd>
          </div>
          {data.software_id ? (
            <div>
              <dt>Software</dt>
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
