import type { ReactNode } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Loading } from '../../shared/Loading';
import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { describeError } from '../error-text';
import { Time } from '../format';
import { rich, t } from '../i18n/text';
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

/** Clients the overview counts: one page of the list, the largest the server gives; beyond it, "more than". */
const COUNTED_CLIENTS = 200;

/** The overview: how many of each thing there are, the service's key choices, and the latest activity. */
export function DashboardPage() {
  const api = useAdminApi();
  const users = useLoad('users', (signal) =>
    api.get<AdminApiResponse<'GET /admin/users'>>('/admin/users?limit=1', signal),
  );
  const clients = useLoad('clients', (signal) =>
    api.get<AdminApiResponse<'GET /admin/clients'>>(`/admin/clients?limit=${COUNTED_CLIENTS}`, signal),
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
    <AdminLayout title={t('dashboard.title')}>
      {productName ? (
        <p className="lead">
          {rich('dashboard.managing', { name: <strong data-testid="product-name">{productName}</strong> })}
        </p>
      ) : null}
      <div className="card-grid">
        <Card
          title={t('dashboard.users.title')}
          to="/users"
          linkText={t('dashboard.users.link')}
          load={users}
        >
          {(data) => (
            <p className="big-number">
              {/* Above 10,000 users the server counts no longer and answers its estimate (total_kind). */}
              {data.total_kind === 'exact'
                ? data.total
                : t('dashboard.users.about', { count: String(data.total) })}
            </p>
          )}
        </Card>
        <Card
          title={t('dashboard.clients.title')}
          to="/clients"
          linkText={t('dashboard.clients.link')}
          load={clients}
        >
          {(data) => (
            <p className="big-number">
              {data.next_after
                ? t('dashboard.clients.moreThan', { count: String(data.clients.length) })
                : data.clients.length}
            </p>
          )}
        </Card>
        <Card
          title={t('dashboard.admins.title')}
          to="/admins"
          linkText={t('dashboard.admins.link')}
          load={admins}
        >
          {(data) => (
            <p className="big-number">
              {data.admins.length}
              <span className="muted small">
                {' '}
                {t('dashboard.admins.writeCount', {
                  write: String(data.admins.filter((admin) => admin.role === 'write').length),
                })}
              </span>
            </p>
          )}
        </Card>
        <Card title={t('dashboard.keys.title')} to="/keys" linkText={t('dashboard.keys.link')} load={keys}>
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
        <Card
          title={t('dashboard.settings.title')}
          to="/settings"
          linkText={t('dashboard.settings.link')}
          load={settings}
        >
          {() => (
            <ul className="plain-list">
              <li>
                {setting('accounts.self_registration')
                  ? t('dashboard.settings.selfRegistrationOpen')
                  : t('dashboard.settings.selfRegistrationClosed')}
              </li>
              <li>
                {setting('smtp.host')
                  ? t('dashboard.settings.emailVia', { host: String(setting('smtp.host')) })
                  : t('dashboard.settings.emailNotConfigured')}
              </li>
            </ul>
          )}
        </Card>
      </div>
      <Card
        title={t('dashboard.activity.title')}
        to="/audit"
        linkText={t('dashboard.activity.link')}
        load={audit}
      >
        {(data) =>
          data.events.length === 0 ? (
            <p>{t('dashboard.activity.none')}</p>
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
