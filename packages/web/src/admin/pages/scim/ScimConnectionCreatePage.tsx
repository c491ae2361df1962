import { type FormEvent, useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Button } from '../../../shared/Button';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { SelectField } from '../../../shared/SelectField';
import { TextField } from '../../../shared/TextField';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { AdminLayout } from '../../components/AdminLayout';
import { LoadedView } from '../../components/LoadedView';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { describeError } from '../../error-text';
import { goTo, withQuery } from '../../navigation';
import type { ScimConnectionView } from '../../scim-types';
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
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'name' | 'organization'>();
  const [error, setError] = useState<unknown>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({
        name: name.trim() === '' ? 'Enter a name, e.g. the identity provider app’s name.' : undefined,
        organization:
          organizationId.trim() === '' ? 'Choose the organization it provisions into.' : undefined,
      }),
      async () => {
        setError(null);
        try {
          const created = await api.post<ScimConnectionView>('/admin/scim/connections', {
            name: name.trim(),
            organizationId: organizationId.trim(),
            ...scimPolicyBody(policy),
          });
          goTo(withQuery(`/scim/${encodeURIComponent(created.id)}`, { created: '1' }));
        } catch (failed) {
          setError(failed);
        }
      },
    );
  }

  return (
    <AdminLayout title="Add a SCIM connection" breadcrumb={{ to: '/scim', label: 'All SCIM connections' }}>
      <ReadOnlyNotice />
      {error ? (
        <ErrorPanel title="The connection was not created">
          <p>{describeError(error)}</p>
        </ErrorPanel>
      ) : null}
      <LoadedView load={choices} failedTitle="The organizations and roles could not be loaded">
        {({ organizations, roles }) => (
          <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
            <fieldset className="form-fieldset" disabled={!canWrite}>
              <TextField
                label="Name"
                hint="Which identity provider app sends the users, e.g. “Entra ID – Contoso”."
                value={name}
                maxLength={200}
                error={fieldErrors.name}
                onChange={(event) => setName(event.target.value)}
              />
              {organizations.total <= organizations.organizations.length ? (
                <SelectField
                  label="Organization"
                  hint="Provisioned users become members of this organization."
                  value={organizationId}
                  error={fieldErrors.organization}
                  options={[
                    { value: '', label: 'Choose an organization' },
                    ...organizations.organizations.map((organization) => ({
                      value: organization.id,
                      label: `${organization.name} (${organization.slug})`,
                    })),
                  ]}
                  onChange={(event) => setOrganizationId(event.target.value)}
                />
              ) : (
                <TextField
                  label="Organization ID"
                  hint="There are too many organizations to list: copy the ID from the organization’s page."
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
            </fieldset>
            {canWrite ? (
              <div className="form-actions">
                <Button type="submit" disabled={busy}>
                  {busy ? 'Creating…' : 'Create connection'}
                </Button>
              </div>
            ) : null}
          </form>
        )}
      </LoadedView>
    </AdminLayout>
  );
}
