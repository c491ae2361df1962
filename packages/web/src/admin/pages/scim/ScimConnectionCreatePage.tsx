import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { SelectField } from '../../../shared/SelectField';
import { TextField } from '../../../shared/TextField';
import {
  ConnectionCreateForm,
  ConnectionCreatePage,
  useConnectionCreate,
} from '../../components/connections/ConnectionCreate';
import { LoadedView } from '../../components/LoadedView';
import { t } from '../../i18n/text';
import { withQuery } from '../../navigation';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { type ScimPolicyDraft, ScimPolicyFields, scimPolicyBody, scimPolicyDraft } from './ScimPolicyFields';

/** The most organizations the picker lists (the API's page limit); beyond that the admin types the ID. */
const ORGANIZATION_CHOICES = 200;

/** Creates a provisioning connection: one per identity-provider app, into one organization. */
export function ScimConnectionCreatePage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const choices = useLoad('choices', async (signal) => {
    const [organizations, roles] = await Promise.all([
      api.get<AdminApiResponse<'GET /admin/organizations'>>(
        withQuery('/admin/organizations', { limit: ORGANIZATION_CHOICES }),
        signal,
      ),
      api.get<AdminApiResponse<'GET /admin/roles'>>('/admin/roles', signal),
    ]);
    return { organizations, roles: roles.roles };
  });
  const [name, setName] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  const [policy, setPolicy] = useState<ScimPolicyDraft>(() => scimPolicyDraft(null));
  const { formRef, fieldErrors, busy, error, onSubmit } = useConnectionCreate<'name' | 'organization'>(
    '/admin/scim/connections',
    '/scim',
  );

  return (
    <ConnectionCreatePage
      title={t('scim.create.title')}
      breadcrumb={{ to: '/scim', label: t('scim.breadcrumb') }}
      error={error}
    >
      <LoadedView load={choices} failedTitle={t('scim.create.choicesFailed')}>
        {({ organizations, roles }) => (
          <ConnectionCreateForm
            formRef={formRef}
            busy={busy}
            onSubmit={(event) =>
              onSubmit(
                event,
                () => ({
                  name: name.trim() === '' ? t('scim.create.name.missing') : undefined,
                  organization:
                    organizationId.trim() === '' ? t('scim.create.organization.missing') : undefined,
                }),
                () => ({
                  name: name.trim(),
                  organizationId: organizationId.trim(),
                  ...scimPolicyBody(policy),
                }),
              )
            }
          >
            <TextField
              label={t('scim.field.name')}
              hint={t('scim.create.name.hint')}
              value={name}
              maxLength={200}
              error={fieldErrors.name}
              onChange={(event) => setName(event.target.value)}
            />
            {organizations.total <= organizations.organizations.length ? (
              <SelectField
                label={t('scim.create.organization')}
                hint={t('scim.create.organization.hint')}
                value={organizationId}
                error={fieldErrors.organization}
                options={[
                  { value: '', label: t('scim.create.organization.choose') },
                  ...organizations.organizations.map((organization) => ({
                    value: organization.id,
                    label: `${organization.name} (${organization.slug})`,
                  })),
                ]}
                onChange={(event) => setOrganizationId(event.target.value)}
              />
            ) : (
              <TextField
                label={t('scim.create.organizationId')}
                hint={t('scim.create.organizationId.hint')}
                value={organizationId}
                error={fieldErrors.organization}
                onChange={(event) => setOrganizationId(event.target.value)}
              />
            )}
            <ScimPolicyFields
              draft={policy}
              roles={roles}
              disabled={!canWrite}
              onChange={(change) => setPolicy((previous) => ({ ...previous, ...change }))}
            />
          </ConnectionCreateForm>
        )}
      </LoadedView>
    </ConnectionCreatePage>
  );
}
