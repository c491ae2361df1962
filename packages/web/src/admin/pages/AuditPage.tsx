import { type FormEvent, useEffect, useId, useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Link, useRouter } from '../../shared/router';
import { SelectField } from '../../shared/SelectField';
import { TextField } from '../../shared/TextField';
import { AdminLayout } from '../components/AdminLayout';
import { describeError } from '../error-text';
import { Time } from '../format';
import { t } from '../i18n/text';
import { goTo, withQuery } from '../navigation';
import { useAdminApi } from '../session';
import type { AuditEventView } from '../types';
import { useLoad } from '../use-load';

export const AUDIT_PAGE_SIZE = 50;

const FILTER_NAMES = ['from', 'to', 'action', 'actor', 'target', 'outcome'] as const;
type FilterName = (typeof FILTER_NAMES)[number];
type Filters = Record<FilterName, string>;

function filtersFrom(searchParams: URLSearchParams): Filters {
  const filters = {} as Filters;
  for (const name of FILTER_NAMES) filters[name] = searchParams.get(name) ?? '';
  return filters;
}

/** An ISO instant as a datetime-local value in this browser's time zone (and back). */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value); // a datetime-local value without a zone is local time
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** Admins by id, to show an admin actor or target by email rather than by id. */
type AdminNames = ReadonlyMap<string, string>;

function describeActor(event: AuditEventView, admins: AdminNames): string {
  if (!event.actor_id) return event.actor_type;
  const email = event.actor_type === 'admin' ? admins.get(event.actor_id) : undefined;
  return email ? t('audit.actor.admin', { email }) : `${event.actor_type} ${event.actor_id}`;
}

function describeTarget(event: AuditEventView, admins: AdminNames): string {
  if (!event.target_type && !event.target_id) return '—';
  const email =
    event.target_type === 'admin_user' && event.target_id ? admins.get(event.target_id) : undefined;
  return [event.target_type, email ?? event.target_id].filter(Boolean).join(' ');
}

/** The audit log: filters (time, action, actor, target, outcome), newest first, paged with "older", exports. */
export function AuditPage() {
  const { searchParams } = useRouter();
  const api = useAdminApi();
  const filters = filtersFrom(searchParams);
  const before = searchParams.get('before') ?? '';
  const filterQuery = withQuery('', filters);
  const events = useLoad(`${filterQuery}\n${before}`, (signal) =>
    api.get<AdminApiResponse<'GET /admin/audit'>>(
      withQuery('/admin/audit', { ...filters, before, limit: AUDIT_PAGE_SIZE }),
      signal,
    ),
  );

  // Every action the service records, for the filter's suggestions (the filter takes any action name).
  const actionList = useLoad('audit-actions', (signal) =>
    api.get<AdminApiResponse<'GET /admin/audit/actions'>>('/admin/audit/actions', signal),
  );
  const adminList = useLoad('admins', (signal) =>
    api.get<AdminApiResponse<'GET /admin/admin-users'>>('/admin/admin-users', signal),
  );
  const admins: AdminNames = new Map((adminList.data?.admins ?? []).map((admin) => [admin.id, admin.email]));
  const exportLink = (format: 'csv' | 'jsonl') => withQuery('/admin/audit/export', { format, ...filters });

  return (
    <AdminLayout title={t('audit.title')}>
      <FilterForm filters={filters} actions={actionList.data?.actions ?? []} />
      <section className="section" aria-labelledby="entries-heading">
        <h2 id="entries-heading">{before ? t('audit.entries.older') : t('audit.entries.newest')}</h2>
        {events.error ? (
          <ErrorPanel title={t('audit.loadFailed')}>
            <p>{describeError(events.error)}</p>
          </ErrorPanel>
        ) : null}
        {events.data === undefined ? (
          events.loading ? (
            <Loading />
          ) : null
        ) : events.data.events.length === 0 ? (
          <p>{t('audit.noMatch')}</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table" aria-busy={events.loading} data-testid="audit-entries">
              <caption className="visually-hidden">{t('audit.table.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.column.time')}</th>
                  <th scope="col">{t('audit.column.action')}</th>
                  <th scope="col">{t('audit.column.outcome')}</th>
                  <th scope="col">{t('audit.column.actor')}</th>
                  <th scope="col">{t('audit.column.target')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('audit.column.details')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {events.data.events.map((event) => (
                  <tr key={event.id} data-action={event.action}>
                    <td>
                      <Time value={event.at} />
                    </td>
                    <th scope="row">
                      <code className="nowrap">{event.action}</code>
                    </th>
                    <td>
                      <span className={`status-badge outcome-${event.outcome}`}>{event.outcome}</span>
                    </td>
                    <td className="break">{describeActor(event, admins)}</td>
                    <td className="break">{describeTarget(event, admins)}</td>
                    <td>
                      <Link to={`/audit/${event.id}`}>
                        {t('audit.view')}
                        <span className="visually-hidden">
                          {' '}
                          {t('audit.viewEntry', { id: String(event.id) })}
                        </span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className="pager" aria-label={t('audit.pager.label')}>
          <div className="pager-buttons">
            {before ? (
              <Button variant="secondary" onClick={() => goTo(withQuery('/audit', filters))}>
                {t('audit.pager.newest')}
              </Button>
            ) : null}
            {events.data?.next_before ? (
              <Button
                variant="secondary"
                onClick={() => goTo(withQuery('/audit', { ...filters, before: events.data?.next_before }))}
              >
                {t('audit.pager.older')}
              </Button>
            ) : null}
          </div>
        </nav>
      </section>
      <section className="section export-links" aria-labelledby="export-heading">
        <h2 id="export-heading">{t('audit.export.heading')}</h2>
        <p>{t('audit.export.about')}</p>
        <ul className="inline-list">
          <li>
            <a href={exportLink('csv')} download="tessera-audit.csv" className="link-button-secondary">
              {t('audit.export.csv')}
            </a>
          </li>
          <li>
            <a href={exportLink('jsonl')} download="tessera-audit.jsonl" className="link-button-secondary">
              {t('audit.export.jsonl')}
            </a>
          </li>
        </ul>
      </section>
    </AdminLayout>
  );
}

function FilterForm({ filters, actions }: { filters: Filters; actions: readonly string[] }) {
  const listId = useId();
  const [draft, setDraft] = useState(() => ({
    ...filters,
    from: filters.from ? toLocalInput(filters.from) : '',
    to: filters.to ? toLocalInput(filters.to) : '',
  }));
  const key = withQuery('', filters);
  // The URL is the source of truth (back and forward change it): show what it says.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key summarizes filters.
  useEffect(() => {
    setDraft({
      ...filters,
      from: filters.from ? toLocalInput(filters.from) : '',
      to: filters.to ? toLocalInput(filters.to) : '',
    });
  }, [key]);
  const set = (patch: Partial<Filters>) => setDraft((previous) => ({ ...previous, ...patch }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    goTo(
      withQuery('/audit', {
        ...draft,
        action: draft.action.trim(),
        actor: draft.actor.trim(),
        target: draft.target.trim(),
        from: fromLocalInput(draft.from),
        to: fromLocalInput(draft.to),
      }),
    );
  }

  return (
    <search aria-label={t('audit.filter.label')}>
      <form className="filter-form" noValidate onSubmit={onSubmit}>
        <div className="filter-grid">
          <TextField
            label={t('audit.filter.from')}
            type="datetime-local"
            value={draft.from}
            onChange={(event) => set({ from: event.target.value })}
          />
          <TextField
            label={t('audit.filter.to')}
            type="datetime-local"
            value={draft.to}
            onChange={(event) => set({ to: event.target.value })}
          />
          <TextField
            label={t('audit.filter.action')}
            hint={t('audit.filter.actionHint')}
            list={listId}
            spellCheck={false}
            autoCapitalize="off"
            value={draft.action}
            onChange={(event) => set({ action: event.target.value })}
          />
          <datalist id={listId}>
            {actions.map((action) => (
              <option key={action} value={action} />
            ))}
          </datalist>
          <TextField
            label={t('audit.filter.actor')}
            hint={t('audit.filter.actorHint')}
            spellCheck={false}
            autoCapitalize="off"
            value={draft.actor}
            onChange={(event) => set({ actor: event.target.value })}
          />
          <TextField
            label={t('audit.filter.target')}
            hint={t('audit.filter.targetHint')}
            spellCheck={false}
            autoCapitalize="off"
            value={draft.target}
            onChange={(event) => set({ target: event.target.value })}
          />
          <SelectField
            label={t('audit.filter.outcome')}
            options={[
              { value: '', label: t('audit.filter.outcome.any') },
              { value: 'success', label: t('audit.filter.outcome.success') },
              { value: 'failure', label: t('audit.filter.outcome.failure') },
            ]}
            value={draft.outcome}
            onChange={(event) => set({ outcome: event.target.value })}
          />
        </div>
        <div className="form-actions">
          <Button type="submit">{t('audit.filter.apply')}</Button>
          <Button variant="secondary" onClick={() => goTo('/audit')}>
            {t('audit.filter.clear')}
          </Button>
        </div>
      </form>
    </search>
  );
}
