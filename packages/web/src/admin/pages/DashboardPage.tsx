import type { ReactNode } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Loading } from '../../shared/Loading';
import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { describeError } from '../error-text';
import { Time } from '../format';
import { useAdminApi } from '../session';
import { type Loaded, useLoad } from '../use-load';

function Card<T>({
  title,
  to,
  linkText,
  load,
  children,
}: {
  title: string;
  to: string;
  linkText: string;
  load: Loaded<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={`card-${to.slice(1) || 'home'}`}>
      <h2 id={`card-${to.slice(1) || 'home'}`}>{title}</h2>
      {load.data !== undefined ? (
        children(load.data)
      ) : load.error ? (
        <p className="field-error">{describeError(load.error)}</p>
      ) : (
        <Loading />
      )}
      <p>
        <Link to={to}>{linkText}</Link>
      </p>
    </section>
  );
}

/** The overview: how many of each thing there are, the service's key choices, and the latest activity. */
export function DashboardPage() {
  const api = useAdminApi();
  const users = useLoad('users', (signal) =>
    api.get<AdminApiResponse<'GET /admin/users'>>('/admin/users?limit=1', signal),
  );
  const clients = useLoad('clients', (signal) =>
    api.get<AdminApiResponse<'GET /admin/clients'>>('/admin/clients', signal),
  );
  const admins = useLoad('admins', (signal) =>
    api.get<AdminApiResponse<'GET /admin/admin-users'>>('/admin/admin-users', signal),
  );
  const keys = useLoad('keys', (signal) =>
    api.get<AdminApiResponse<'GET /admin/keys'>>('/admin/keys', signal),
  );
  const settings = useLoad('settings', (signal) =>
    api.get<AdminApiResponse<'GET /admin/settings'>>('/admin/settings', signal),
  );
  const audit = useLoad('audit', (signal) =>
    api.get<AdminApiResponse<'GET /admin/audit'>>('/admin/audit?limit=8', signal),
  );

  const setting = (key: string) => settings.data?.settings.find((entry) => entry.key === key)?.value;
  const productName =
    typeof setting('product.name') === 'string' ? (setting('product.name') as string) : null;

  return (
    <AdminLayout title="Overview">
      {productName ? (
        <p className="lead">
          Managing <strong data-testid="product-name">{productName}</strong>.
        </p>
      ) : null}
      <div className="card-grid">
        <Card title="Users" to="/users" linkText="Manage users" load={users}>
          {(data) => <p className="big-number">{data.total}</p>}
        </Card>
        <Card title="Clients" to="/clients" linkText="Manage clients" load={clients}>
          {(data) => <p className="big-number">{data.clients.length}</p>}
        </Card>
        <Card title="Admins" to="/admins" linkText="Manage admins" load={admins}>
          {(data) => (
            <p className="big-number">
              {data.admins.length}
              <span className="muted small">
                {' '}
                ({data.admins.filter((admin) => admin.role === 'write').length} write)
              </span>
            </p>
          )}
        </Card>
        <Card title="Signing keys" to="/keys" linkText="See signing keys" load={keys}>
          {(data) => (
            <ul className="plain-list">
              {data.keys
                .filter((key) => key.state === 'current')
                .map((key) => (
                  <li key={key.kid}>
                    {key.alg}: <code className="kid">{key.kid}</code>
                  </li>
                ))}
            </ul>
          )}
        </Card>
        <Card title="Settings" to="/settings" linkText="Change settings" load={settings}>
          {() => (
            <ul className="plain-list">
              <li>Self-registration: {setting('accounts.self_registration') ? 'open' : 'closed'}</li>
              <li>
                Email: {setting('smtp.host') ? `via ${String(setting('smtp.host'))}` : 'not configured'}
              </li>
            </ul>
          )}
        </Card>
      </div>
      <Card title="Latest activity" to="/audit" linkText="Open the audit log" load={audit}>
        {(data) =>
          data.events.length === 0 ? (
            <p>Nothing yet.</p>
          ) : (
            <ul className="activity-list">
              {data.events.map((event) => (
                <li key={event.id}>
                  <Time value={event.at} /> — <Link to={`/audit/${event.id}`}>{event.action}</Link>{' '}
                  <span className={`status-badge outcome-${event.outcome}`}>{event.outcome}</span>
                </li>
              ))}
            </ul>
          )
        }
      </Card>
    </AdminLayout>
  );
}
