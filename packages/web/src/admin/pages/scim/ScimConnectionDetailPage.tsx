import { type FormEvent, useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Notice } from '../../../shared/Notice';
import { useRouter } from '../../../shared/router';
import { TextField } from '../../../shared/TextField';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { AdminLayout } from '../../components/AdminLayout';
import { DeleteSection } from '../../components/DeleteSection';
import { DetailLoading } from '../../components/DetailLoading';
import { EditSection } from '../../components/EditSection';
import type { Outcome } from '../../components/OutcomeMessage';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { Time } from '../../format';
import { goTo, withQuery } from '../../navigation';
import type { ScimConnectionView } from '../../scim-types';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { type ScimPolicyDraft, ScimPolicyFields, scimPolicyBody, scimPolicyDraft } from './ScimPolicyFields';
import { ScimTokensSection } from './ScimTokensSection';
import { ScimUnlockPolicySummary } from './ScimUnlockPolicySummary';

const BREADCRUMB = { to: '/scim', label: 'All SCIM connections' };

/** One provisioning connection: what to give the identity provider, its policies, its tokens, and deletion. */
export function ScimConnectionDetailPage() {
  const { params, searchParams } = useRouter();
  const connectionId = params.connectionId ?? '';
  const api = useAdminApi();
  const connection = useLoad(connectionId, (signal) =>
    api.get<ScimConnectionView>(`/admin/scim/connections/${encodeURIComponent(connectionId)}`, signal),
  );
  if (connection.data === undefined)
    return (
      <DetailLoading
        title="SCIM connection"
        breadcrumb={BREADCRUMB}
        failedTitle="The connection could not be loaded"
        error={connection.error}
      />
    );
  return (
    <ScimConnectionDetail
      connection={connection.data}
      created={searchParams.get('created') === '1'}
      onChanged={connection.setData}
    />
  );
}

function ScimConnectionDetail({
  connection,
  created,
  onChanged,
}: {
  connection: ScimConnectionView;
  created: boolean;
  onChanged: (connection: ScimConnectionView) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  return (
    <AdminLayout title={connection.name} breadcrumb={BREADCRUMB}>
      <ReadOnlyNotice />
      {created ? (
        <Notice title="Connection created">
          <p>Create a token below, then enter the tenant URL and the token in the identity provider.</p>
        </Notice>
      ) : null}
      <dl className="summary-list">
        <div>
          <dt>Tenant URL (SCIM base URL)</dt>
          <dd>
            <code data-testid="scim-base-url">{connection.scimBaseUrl}</code>
          </dd>
        </div>
        <div>
          <dt>Organization ID</dt>
          <dd>
            <code>{connection.organizationId}</code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <Time value={connection.createdAt} />
          </dd>
        </div>
      </dl>
      <ScimConnectionSettings connection={connection} onChanged={onChanged} />
      <ScimUnlockPolicySummary organizationId={connection.organizationId} />
      {canWrite ? <ScimTokensSection connectionId={connection.id} /> : null}
      {canWrite ? (
        <DeleteSection
          heading="Delete this connection"
          explanation="Its tokens stop working and its SCIM users and groups are forgotten; the accounts and memberships it made stay."
          label="Delete connection"
          question={<p>Delete “{connection.name}” and its tokens?</p>}
          failedTitle="The connection was not deleted"
          onDelete={async () => {
            await api.delete(`/admin/scim/connections/${encodeURIComponent(connection.id)}`);
            goTo(withQuery('/scim', { deleted: connection.name }));
          }}
        />
      ) : null}
    </AdminLayout>
  );
}

function ScimConnectionSettings({
  connection,
  onChanged,
}: {
  connection: ScimConnectionView;
  onChanged: (connection: ScimConnectionView) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const roles = useLoad('roles', (signal) =>
    api.get<AdminApiResponse<'GET /admin/roles'>>('/admin/roles', signal),
  );
  const [name, setName] = useState(connection.name);
  const [policy, setPolicy] = useState<ScimPolicyDraft>(() => scimPolicyDraft(connection));
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'name'>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ name: name.trim() === '' ? 'Enter a name.' : undefined }),
      async () => {
        setOutcome(null);
        try {
          const updated = await api.patch<ScimConnectionView>(
            `/admin/scim/connections/${encodeURIComponent(connection.id)}`,
            { name: name.trim(), ...scimPolicyBody(policy) },
          );
          onChanged(updated);
          setPolicy(scimPolicyDraft(updated));
          setOutcome({ kind: 'done', text: 'The changes are saved; the next SCIM request follows them.' });
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <EditSection
      heading="Settings"
      outcome={outcome}
      failedTitle="The changes were not saved"
      formRef={formRef}
      busy={busy}
      onSubmit={onSubmit}
      editable={canWrite}
      submitLabel="Save settings"
    >
      <TextField
        label="Name"
        value={name}
        maxLength={200}
        error={fieldErrors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <ScimPolicyFields
        draft={policy}
        roles={roles.data?.roles ?? []}
        disabled={!canWrite}
        onChange={(change) => setPolicy((previous) => ({ ...previous, ...change }))}
      />
    </EditSection>
  );
}
