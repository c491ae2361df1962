import { type FormEvent, type ReactNode, useState } from 'react';
import { Notice } from '../../../shared/Notice';
import { useRouter } from '../../../shared/router';
import { type FieldErrors, useCheckedSubmit } from '../../../shared/use-checked-submit';
import { t } from '../../i18n/text';
import { goTo, withQuery } from '../../navigation';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { AdminLayout } from '../AdminLayout';
import { DeleteSection } from '../DeleteSection';
import { DetailLoading } from '../DetailLoading';
import { EditSection } from '../EditSection';
import type { Outcome } from '../OutcomeMessage';
import { ReadOnlyNotice } from '../ReadOnlyNotice';

/** What a connection's sections get: the connection as last loaded or saved, and how to replace it. */
export interface ConnectionProps<Connection> {
  connection: Connection;
  onChanged: (connection: Connection) => void;
}

/**
 * A connection's page (`:connectionId` in its path): loading, or why it failed, then `render` with the connection,
 * whether it was just created, and how a section replaces it after a change.
 */
export function ConnectionDetailPage<Connection>({
  apiPath,
  title,
  breadcrumb,
  render,
}: {
  apiPath: (id: string) => string;
  /** The title while loading. */
  title: string;
  breadcrumb: { to: string; label: string };
  render: (props: ConnectionProps<Connection> & { created: boolean }) => ReactNode;
}) {
  const { params, searchParams } = useRouter();
  const connectionId = params.connectionId ?? '';
  const api = useAdminApi();
  const connection = useLoad(connectionId, (signal) => api.get<Connection>(apiPath(connectionId), signal));
  if (connection.data === undefined)
    return (
      <DetailLoading
        title={title}
        breadcrumb={breadcrumb}
        failedTitle={t('connections.detail.loadFailed')}
        error={connection.error}
      />
    );
  return render({
    connection: connection.data,
    created: searchParams.get('created') === '1',
    onChanged: connection.setData,
  });
}

/**
 * The frame of a connection's page: the read-only notice, what to do next after its creation, its summary and
 * sections, and (for write admins) its deletion, which returns to the list saying what went.
 */
export function ConnectionDetailFrame({
  connection,
  breadcrumb,
  created,
  summary,
  children,
  deletion,
}: {
  connection: { name: string };
  breadcrumb: { to: string; label: string };
  /** What to do next, shown right after the connection was created; null when it was not. */
  created: ReactNode;
  /** The summary list's rows: what the other system needs. */
  summary: ReactNode;
  children: ReactNode;
  deletion: { apiPath: string; explanation: string; question: string };
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  return (
    <AdminLayout title={connection.name} breadcrumb={breadcrumb}>
      <ReadOnlyNotice />
      {created ? (
        <Notice title={t('connections.detail.created')}>
          <p>{created}</p>
        </Notice>
      ) : null}
      <dl className="summary-list">{summary}</dl>
      {children}
      {canWrite ? (
        <DeleteSection
          heading={t('connections.delete.heading')}
          explanation={deletion.explanation}
          label={t('connections.delete.label')}
          question={<p>{deletion.question}</p>}
          failedTitle={t('connections.delete.failed')}
          onDelete={async () => {
            await api.delete(deletion.apiPath);
            goTo(withQuery(breadcrumb.to, { deleted: connection.name }));
          }}
        />
      ) : null}
    </AdminLayout>
  );
}

/** One row of a connection's summary list. */
export function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A connection's settings form: checked, saved by `save` (which answers what to say once it is done), editable by
 * write admins only.
 */
export function ConnectionSettingsSection<Field extends string>({
  check,
  save,
  children,
}: {
  check: () => FieldErrors<Field>;
  save: () => Promise<string>;
  children: (errors: FieldErrors<Field>) => ReactNode;
}) {
  const { canWrite } = useAdmin();
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<Field>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(event, check, async () => {
      setOutcome(null);
      try {
        setOutcome({ kind: 'done', text: await save() });
      } catch (error) {
        setOutcome({ kind: 'failed', error });
      }
    });
  }

  return (
    <EditSection
      heading={t('connections.settings.heading')}
      outcome={outcome}
      failedTitle={t('connections.settings.failed')}
      formRef={formRef}
      busy={busy}
      onSubmit={onSubmit}
      editable={canWrite}
      submitLabel={t('connections.settings.submit')}
    >
      {children(fieldErrors)}
    </EditSection>
  );
}
