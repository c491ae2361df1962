import { type FormEvent, useState } from 'react';
import { RadioGroup } from '../../../shared/RadioGroup';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { EditSection } from '../../components/EditSection';
import type { Outcome } from '../../components/OutcomeMessage';
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
                ? 'The changes are saved. The organization is disabled: its members no longer see it and its tokens stopped working.'
                : 'The changes are saved.',
          });
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
      <OrganizationFields
        purpose="edit"
        draft={draft}
        onChange={(change) => setDraft((previous) => ({ ...previous, ...change }))}
        errors={fieldErrors}
      />
      <RadioGroup
        legend="Status"
        name="organization-status"
        value={status}
        onChange={setStatus}
        disabled={!canWrite}
        options={[
          { value: 'active', label: 'Active', hint: 'Members see it and get tokens in its context.' },
          {
            value: 'disabled',
            label: 'Disabled',
            hint: 'Hidden from its members; tokens issued in its context stop working.',
          },
        ]}
      />
    </EditSection>
  );
}
