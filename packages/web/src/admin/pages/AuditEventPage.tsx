import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Link, useRouter } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { describeError } from '../error-text';
import { Time } from '../format';
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
  const breadcrumb = { to: '/audit', label: 'Audit log' };

  if (event.data === undefined) {
    return (
      <AdminLayout title="Audit entry" breadcrumb={breadcrumb}>
        {event.error ? (
          <ErrorPanel title="The entry could not be loaded">
            <p>{valid ? describeError(event.error) : 'There is no audit entry at this address.'}</p>
          </ErrorPanel>
        ) : (
          <Loading />
        )}
      </AdminLayout>
    );
  }
  const entry = event.data;
  return (
    <AdminLayout title={`Audit entry ${entry.id}: ${entry.action}`} breadcrumb={breadcrumb}>
      <dl className="summary-list detail-list">
        <div>
          <dt>Time</dt>
          <dd>
            <Time value={entry.at} />
          </dd>
        </div>
        <div>
          <dt>Action</dt>
          <dd>
            <code>{entry.action}</code>{' '}
            <Link to={withQuery('/audit', { action: entry.action })}>(all entries with this action)</Link>
          </dd>
        </div>
        <div>
          <dt>Outcome</dt>
          <dd>{entry.outcome}</dd>
        </div>
        <div>
          <dt>Actor</dt>
          <dd>
            {entry.actor_type}
            {entry.actor_id ? (
              <>
                {' '}
                <code>{entry.actor_id}</code>{' '}
                <Link to={withQuery('/audit', { actor: entry.actor_id })}>(entries by this actor)</Link>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Target</dt>
          <dd>
            {entry.target_type ?? '—'}
            {entry.target_id ? (
              <>
                {' '}
                <code>{entry.target_id}</code>{' '}
                <Link to={withQuery('/audit', { target: entry.target_id })}>(entries about this target)</Link>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>IP address</dt>
          <dd>{entry.ip_address ?? '—'}</dd>
        </div>
        <div>
          <dt>User agent</dt>
          <dd>{entry.user_agent ?? '—'}</dd>
        </div>
      </dl>
      <h2>Details</h2>
      {Object.keys(entry.details).length === 0 ? (
        <p className="muted">No details were recorded.</p>
      ) : (
        <pre className="json-block" data-testid="audit-details">
          {JSON.stringify(entry.details, null, 2)}
        </pre>
      )}
    </AdminLayout>
  );
}
