import { type FormEvent, useId, useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Button } from '../../../shared/Button';
import { CheckboxGroup } from '../../../shared/CheckboxGroup';
import { Notice } from '../../../shared/Notice';
import { Link } from '../../../shared/router';
import { TextField } from '../../../shared/TextField';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { AdminLayout } from '../../components/AdminLayout';
import { DataTable } from '../../components/DataTable';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { SecretReveal } from '../../components/SecretReveal';
import { Time } from '../../format';
import { rich, t } from '../../i18n/text';
import { useAdmin, useAdminApi } from '../../session';
import { useListQuery } from '../../use-list-query';
import { useLoad } from '../../use-load';
import type { WebhookEndpointCreated } from '../../webhook-types';

/** Webhook endpoints (docs/webhooks.md): the list, and for write admins a form that shows the new secret once. */
export function WebhooksPage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const { deleted } = useListQuery();
  const endpoints = useLoad('webhooks', (signal) =>
    api.get<AdminApiResponse<'GET /admin/webhooks'>>('/admin/webhooks', signal),
  );
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);

  return (
    <AdminLayout title={t('webhooks.list.title')}>
      {deleted ? (
        <Notice title={t('webhooks.list.deleted.title')}>
          <p>{rich('webhooks.list.deleted.body', { url: <strong>{deleted}</strong> })}</p>
        </Notice>
      ) : null}
      <p>{t('webhooks.list.intro')}</p>
      {created ? (
        <SecretReveal
          title={t('webhooks.list.created.title')}
          label={t('webhooks.list.created.secretLabel', { url: created.endpoint.url })}
          secret={created.secret}
        >
          <p>
            <Link to={`/webhooks/${encodeURIComponent(created.endpoint.id)}`}>
              {t('webhooks.list.created.open')}
            </Link>
          </p>
        </SecretReveal>
      ) : null}
      <LoadedView load={endpoints} failedTitle={t('webhooks.list.loadFailed')}>
        {(data) =>
          data.endpoints.length === 0 ? (
            <p>{t('webhooks.list.empty')}</p>
          ) : (
            <DataTable
              caption={t('webhooks.list.caption')}
              columns={[
                t('webhooks.list.column.url'),
                t('webhooks.list.column.description'),
                t('webhooks.list.column.eventTypes'),
                t('webhooks.list.column.status'),
                t('webhooks.list.column.created'),
              ]}
              busy={endpoints.loading}
            >
              {data.endpoints.map((endpoint) => (
                <tr key={endpoint.id} data-testid="webhook-endpoint">
                  <th scope="row">
                    <Link to={`/webhooks/${encodeURIComponent(endpoint.id)}`}>{endpoint.url}</Link>
                  </th>
                  <td>{endpoint.description}</td>
                  <td>{endpoint.eventTypes.join(', ')}</td>
                  <td>{endpoint.enabled ? t('webhooks.status.enabled') : t('webhooks.status.disabled')}</td>
                  <td>
                    <Time value={endpoint.createdAt} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
      {canWrite ? (
        <CreateEndpointForm
          onCreated={(result) => {
            setCreated(result);
            endpoints.reload();
          }}
        />
      ) : null}
    </AdminLayout>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (created: WebhookEndpointCreated) => void }) {
  const headingId = useId();
  const api = useAdminApi();
  const types = useLoad('webhook-event-types', (signal) =>
    api.get<AdminApiResponse<'GET /admin/webhooks/event-types'>>('/admin/webhooks/event-types', signal),
  );
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'url' | 'eventTypes'>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({
        url: /^https?:\/\/\S+$/i.test(url.trim()) ? undefined : t('webhooks.create.url.error'),
        eventTypes: eventTypes.length === 0 ? t('webhooks.create.eventTypes.error') : undefined,
      }),
      async () => {
        setOutcome(null);
        try {
          const created = await api.post<WebhookEndpointCreated>('/admin/webhooks', {
            url: url.trim(),
            description: description.trim(),
            eventTypes,
          });
          setUrl('');
          setDescription('');
          setEventTypes([]);
          onCreated(created);
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('webhooks.create.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('webhooks.create.failed')} />
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          label={t('webhooks.create.url.label')}
          hint={t('webhooks.create.url.hint')}
          type="url"
          value={url}
          maxLength={2000}
          error={fieldErrors.url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <TextField
          label={t('webhooks.create.description.label')}
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.target.value)}
        />
        <CheckboxGroup
          legend={t('webhooks.create.eventTypes.legend')}
          error={fieldErrors.eventTypes}
          options={(types.data?.eventTypes ?? []).map((type) => ({ value: type, label: type }))}
          selected={eventTypes}
          onChange={setEventTypes}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('webhooks.create.busy') : t('webhooks.create.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
