import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/Button';
import { EmailField } from '../../../shared/EmailField';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { AdminLayout } from '../../components/AdminLayout';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { describeError } from '../../error-text';
import { t } from '../../i18n/text';
import { goTo, withQuery } from '../../navigation';
import type { OrganizationView } from '../../organization-types';
import { useAdmin, useAdminApi } from '../../session';
import { findUserByEmail } from '../../user-lookup';
import { emailError, showInvalidFields } from '../../validation';
import {
  type OrganizationDraft,
  OrganizationFields,
  organizationBody,
  organizationDraft,
  organizationErrors,
} from './OrganizationFields';

/** Creates an organization, optionally with a first member who gets the admin role (and so can manage it). */
export function OrganizationCreatePage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [draft, setDraft] = useState<OrganizationDraft>(() => organizationDraft(null));
  const [ownerEmail, setOwnerEmail] = useState('');
  const [ownerError, setOwnerError] = useState<string | undefined>();
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'name' | 'slug' | 'owner'>();
  const [error, setError] = useState<unknown>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setOwnerError(undefined);
    return submit(
      event,
      () => ({
        ...organizationErrors(draft, false),
        owner: ownerEmail.trim() === '' ? undefined : emailError(ownerEmail),
      }),
      async () => {
        setError(null);
        try {
          const owner = ownerEmail.trim() ? await findUserByEmail(api, ownerEmail) : null;
          if (ownerEmail.trim() && !owner) {
            showInvalidFields(formRef.current, () => setOwnerError(t('users.lookup.noSuchUser')));
            return;
          }
          const created = await api.post<OrganizationView>('/admin/organizations', {
            ...organizationBody(draft),
            ...(owner ? { owner_user_id: owner.id } : {}),
          });
          goTo(withQuery(`/organizations/${encodeURIComponent(created.id)}`, { created: '1' }));
        } catch (failed) {
          setError(failed);
        }
      },
    );
  }

  return (
    <AdminLayout
      title={t('organizations.create.title')}
      breadcrumb={{ to: '/organizations', label: t('organizations.breadcrumb') }}
    >
      <ReadOnlyNotice />
      {error ? (
        <ErrorPanel title={t('organizations.create.failed')}>
          <p>{describeError(error)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <fieldset className="form-fieldset" disabled={!canWrite}>
          <OrganizationFields
            purpose="create"
            draft={draft}
            onChange={(change) => setDraft((previous) => ({ ...previous, ...change }))}
            errors={fieldErrors}
          />
          <EmailField
            label={t('organizations.create.owner.label')}
            hint={t('organizations.create.owner.hint')}
            autoComplete="off"
            value={ownerEmail}
            error={fieldErrors.owner ?? ownerError}
            onChange={(event) => setOwnerEmail(event.target.value)}
          />
        </fieldset>
        {canWrite ? (
          <div className="form-actions">
            <Button type="submit" disabled={busy}>
              {busy ? t('organizations.create.busy') : t('organizations.create.submit')}
            </Button>
          </div>
        ) : null}
      </form>
    </AdminLayout>
  );
}
