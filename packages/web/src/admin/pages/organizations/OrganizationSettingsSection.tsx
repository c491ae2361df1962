import { type FormEvent, useState } from 'react';
import { RadioGroup } from '../../../shared/RadioGroup';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { EditSection } from '../../components/EditSection';
import type { Outcome } from '../../components/OutcomeMessage';
import { t } from '../../i18n/text';
import type { OrganizationStatus, OrganizationView } from '../../organization-types';
import { useAdmin, useAdminApi } from '../../session';
import {
  type OrganizationDraft,
  OrganizationFields,
  organizationBody,
  organizationDraft,
  organizationErrors,
} from './OrganizationFields';

/** Name, slug, TOTP policy and status; disabling ends every token issued in the organization's context. */
export function OrganizationSettingsSection({
  organization,
  onChanged,
}: {
  organization: OrganizationView;
  onChanged: (organization: OrganizationView) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [draft, setDraft] = useState<OrganizationDraft>(() => organizationDraft(organization));
  const [status, setStatus] = useState<OrganizationStatus>(organization.status);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'name' | 'slug'>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => organizationErrors(draft, true),
      async () => {
        setOutcome(null);
        try {
          const updated = await api.put<OrganizationView>(
            `/admin/organizations/${encodeURIComponent(organization.id)}`,
            { ...organizationBody(draft), status },
          );
          onChanged(updated);
          setOutcome({
            kind: 'done',
            text:
              updated.status === 'disabled' && organization.status === 'active'
                ? t('organizations.settings.savedDisabled')
                : t('organizations.settings.saved'),
          });
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <EditSection
      heading={t('organizations.settings.heading')}
      outcome={outcome}
      failedTitle={t('organizations.settings.failed')}
      formRef={formRef}
      busy={busy}
      onSubmit={onSubmit}
      editable={canWrite}
      submitLabel={t('organizations.settings.submit')}
    >
      <OrganizationFields
        purpose="edit"
        draft={draft}
        onChange={(change) => setDraft((previous) => ({ ...previous, ...change }))}
        errors={fieldErrors}
      />
      <RadioGroup
        legend={t('organizations.settings.status')}
        name="organization-status"
        value={status}
        onChange={setStatus}
        disabled={!canWrite}
        options={[
          {
            value: 'active',
            label: t('organizations.settings.status.active'),
            hint: t('organizations.settings.status.activeHint'),
          },
          {
            value: 'disabled',
            label: t('organizations.settings.status.disabled'),
            hint: t('organizations.settings.status.disabledHint'),
          },
        ]}
      />
    </EditSection>
  );
}
