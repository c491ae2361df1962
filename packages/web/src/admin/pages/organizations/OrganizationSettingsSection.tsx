import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/Button';
import { RadioGroup } from '../../../shared/RadioGroup';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
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
    <section className="section" aria-labelledby="organization-settings-heading">
      <h2 id="organization-settings-heading">Settings</h2>
      <OutcomeMessage outcome={outcome} failedTitle="The changes were not saved" />
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <fieldset className="form-fieldset" disabled={!canWrite}>
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
        </fieldset>
        {canWrite ? (
          <div className="form-actions">
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? 'Saving…' : 'Save settings'}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
