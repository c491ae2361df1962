import { RadioGroup } from '../../../shared/RadioGroup';
import { TextField } from '../../../shared/TextField';
import type { InstallDraft, StepErrors } from './install-draft';

/** Step 2: the product name, the public address and who may create accounts. */
export function ServiceStep({
  draft,
  onChange,
  errors,
}: {
  draft: InstallDraft;
  onChange: (patch: Partial<InstallDraft>) => void;
  errors: StepErrors;
}) {
  return (
    <>
      <TextField
        label="Product name"
        hint="Shown to people on the sign-in pages and in emails."
        name="product-name"
        value={draft.productName}
        maxLength={80}
        error={errors.productName}
        onChange={(event) => onChange({ productName: event.target.value })}
      />
      <TextField
        label="Public address (optional)"
        hint="The address apps and people use, e.g. https://id.example.com. It becomes the issuer and takes effect when the service restarts. Leave empty to keep the configured one."
        name="base-url"
        type="url"
        inputMode="url"
        spellCheck={false}
        autoCapitalize="off"
        value={draft.baseUrl}
        error={errors.baseUrl}
        onChange={(event) => onChange({ baseUrl: event.target.value })}
      />
      <RadioGroup
        legend="Who may create accounts?"
        name="self-registration"
        value={draft.selfRegistration}
        onChange={(selfRegistration) => onChange({ selfRegistration })}
        options={[
          {
            value: 'closed',
            label: 'Only administrators',
            hint: 'Admins create accounts here; the sign-in page offers no registration.',
          },
          {
            value: 'open',
            label: 'Anyone, from the sign-in page',
            hint: 'People create their own accounts (and confirm their email address when email is set up).',
          },
        ]}
      />
    </>
  );
}
