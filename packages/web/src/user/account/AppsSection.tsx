import { useEffect, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { useI18n } from '../../shared/i18n/I18n';
import { Loading } from '../../shared/Loading';
import { ClientLogo } from '../components/ClientLogo';
import { describeError } from '../error-text';

/** GET /api/user/apps */
type App = PublicApiResponse<'GET /api/user/apps'>['apps'][number];

type Load = { state: 'loading' } | { state: 'ready'; apps: App[] } | { state: 'failed'; error: unknown };

/** The apps dashboard: apps the user can open from here. */
export function AppsSection() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const { t } = useI18n();
  useEffect(() => {
    let current = true;
    api.get<PublicApiResponse<'GET /api/user/apps'>>('/api/user/apps').then(
      ({ apps }) => current && setLoad({ state: 'ready', apps }),
      (error: unknown) => current && setLoad({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <section className="section" aria-labelledby="apps-heading">
      <h2 id="apps-heading">{t('apps.title')}</h2>
      {load.state === 'loading' ? <Loading>{t('apps.loading')}</Loading> : null}
      {load.state === 'failed' ? <p className="muted">{describeError(load.error)}</p> : null}
      {load.state === 'ready' && load.apps.length === 0 ? <p className="muted">{t('apps.none')}</p> : null}
      {load.state === 'ready' && load.apps.length > 0 ? (
        <ul className="app-list">
          {load.apps.map((app) => (
            <li key={app.client_id}>
              <a href={app.app_url} className="app-link" rel="noopener noreferrer">
                <ClientLogo name={app.name} iconUrl={app.icon_url} logoUri={app.logo_uri} />
                <span>{app.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
