import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Link, useRouter } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { describeError } from '../error-text';
import { Time } from '../format';
import { t } from '../i18n/text';
import { withQuery } from '../navigation';
import { useAdminApi } from '../session';
import type { AuditEventView } from '../types';
import { useLoad } from '../use-load';

/** One audit entry with everything recorded about it. */
export function AuditEventPage() {
  const { params } = useRouter();
  const eventId = params.eventId ?? '';
  const api = useAdminApi();
  const valid = /^[1-9][0-9]{0,15}$/.test(eventId);
  const event = useLoad(eventId, (signal) =>
    valid
      ? api.get<AuditEventView>(`/admin/audit/${eventId}`, signal)
      : Promise.reject(new Error('not an entry number')),
  );
  const breadcrumb = { to: '/audit', label: t('audit.title') };

  if (event.data === undefined) {
    return (
      <AdminLayout title={t('audit.entry.title')} breadcrumb={breadcrumb}>
        {event.error ? (
          <ErrorPanel title={t('audit.entry.loadFailed')}>
            <p>{valid ? describeError(event.error) : t('audit.entry.noSuchEntry')}</p>
          </ErrorPanel>
        ) : (
          <Loading />
        )}
      </AdminLayout>
    );
  }
  const entry = event.data;
  return (
    <AdminLayout
      title={t('audit.entry.titleWithAction', { id: String(entry.id), action: entry.action })}
      breadcrumb={breadcrumb}
    >
      <dl className="summary-list detail-list">
        <div>
          <dt>{t('audit.entry.time')}</dt>
          <dd>
            <Time value={entry.at} />
          </dd>
        </div>
        <div>
          <dt>{t('audit.entry.action')}</dt>
          <dd>
            <code>{entry.action}</code>{' '}
            <Link to={withQuery('/audit', { action: entry.action })}>{t('audit.entry.allWithAction')}</Link>
          </dd>
        </div>
        <div>
          <dt>{t('audit.entry.outcome')}</dt>
          <dd>{entry.outcome}</dd>
        </div>
        <div>
          <dt>{t('audit.entry.actor')}</dt>
          <dd>
            {entry.actor_type}
            {entry.actor_id ? (
              <>
                {' '}
                <code>{entry.actor_id}</code>{' '}
                <Link to={withQuery('/audit', { actor: entry.actor_id })}>{t('audit.entry.byActor')}</Link>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('audit.entry.target')}</dt>
          <dd>
            {entry.target_type ?? '—'}
            {entry.target_id ? (
              <>
                {' '}
                <code>{entry.target_id}</code>{' '}
                <Link to={withQuery('/audit', { target: entry.target_id })}>
                  {t('audit.entry.aboutTarget')}
                </Link>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('audit.entry.ipAddress')}</dt>
          <dd>{entry.ip_address ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('audit.entry.userAgent')}</dt>
          <dd>{entry.user_agent ?? '—'}</dd>
        </div>
      </dl>
      <h2>{t('audit.entry.details')}</h2>
      {Object.keys(entry.details).length === 0 ? (
        <p className="muted">{t('audit.entry.noDetails')}</p>
      ) : (
        <pre className="json-block" data-testid="audit-details">
          {JSON.stringify(entry.details, null, 2)}
        </pre>
      )}
    </AdminLayout>
  );
}
