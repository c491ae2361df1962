import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { TextField } from '../../../shared/TextField';
import {
  ConnectionDetailFrame,
  ConnectionDetailPage,
  type ConnectionProps,
  ConnectionSettingsSection,
  SummaryRow,
} from '../../components/connections/ConnectionDetail';
import { Time } from '../../format';
import { t } from '../../i18n/text';
import type { ScimConnectionView } from '../../scim-types';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { type ScimPolicyDraft, ScimPolicyFields, scimPolicyBody, scimPolicyDraft } from './ScimPolicyFields';
import { ScimTokensSection } from './ScimTokensSection';
import { ScimUnlockPolicySummary } from './ScimUnlockPolicySummary';

const BREADCRUMB = { to: '/scim', label: t('scim.breadcrumb') };
const connectionPath = (id: string) => `/admin/scim/connections/${encodeURIComponent(id)}`;

/** One provisioning connection: what to give the identity provider, its policies, its tokens, and deletion. */
export function ScimConnectionDetailPage() {
  return (
    <ConnectionDetailPage<ScimConnectionView>
      apiPath={connectionPath}
      title={t('scim.detail.title')}
      breadcrumb={BREADCRUMB}
      render={(props) => <ScimConnectionDetail {...props} />}
    />
  );
}

function ScimConnectionDetail({
  connection,
  created,
  onChanged,
}: ConnectionProps<ScimConnectionView> & { created: boolean }) {
  const { canWrite } = useAdmin();
  return (
    <ConnectionDetailFrame
      connection={connection}
      breadcrumb={BREADCRUMB}
      created={created ? t('scim.detail.created') : null}
      summary={
        <>
          <SummaryRow term={t('scim.detail.tenantUrl')}>
            <code data-testid="scim-base-url">{connection.scimBaseUrl}</code>
          </SummaryRow>
          <SummaryRow term={t('scim.detail.organizationId')}>
            <code>{connection.organizationId}</code>
          </SummaryRow>
          <SummaryRow term={t('scim.detail.createdAt')}>
            <Time value={connection.createdAt} />
          </SummaryRow>
        </>
      }
      deletion={{
        apiPath: connectionPath(connection.id),
        explanation: t('scim.detail.delete.explanation'),
        question: t('scim.detail.delete.question', { name: connection.name }),
      }}
    >
      <ScimConnectionSettings connection={connection} onChanged={onChanged} />
      <ScimUnlockPolicySummary organizationId={connection.organizationId} />
      {canWrite ? <ScimTokensSection connectionId={connection.id} /> : null}
    </ConnectionDetailFrame>
  );
}

function ScimConnectionSettings({ connection, onChanged }: ConnectionProps<ScimConnectionView>) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const roles = useLoad('roles', (signal) =>
    api.get<AdminApiResponse<'GET /admin/roles'>>('/admin/roles', signal),
  );
  const [name, setName] = useState(connection.name);
  const [policy, setPolicy] = useState<ScimPolicyDraft>(() => scimPolicyDraft(connection));

  return (
    <ConnectionSettingsSection<'name'>
      check={() => ({ name: name.trim() === '' ? t('scim.detail.name.missing') : undefined })}
      save={async () => {
        const updated = await api.patch<ScimConnectionView>(connectionPath(connection.id), {
          name: name.trim(),
          ...scimPolicyBody(policy),
        });
        onChanged(updated);
        setPolicy(scimPolicyDraft(updated));
        return t('scim.detail.saved');
      }}
    >
      {(errors) => (
        <>
          <TextField
            label={t('scim.field.name')}
            value={name}
            maxLength={200}
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <ScimPolicyFields
            draft={policy}
            roles={roles.data?.roles ?? []}
            disabled={!canWrite}
            onChange={(change) => setPolicy((previous) => ({ ...previous, ...change }))}
          />
        </>
      )}
    </ConnectionSettingsSection>
  );
}
