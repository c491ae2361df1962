import { RadioGroup } from '../../../shared/RadioGroup';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
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
        label={t('setup.service.productName.label')}
        hint={t('setup.service.productName.hint')}
        name="product-name"
        value={draft.productName}
        maxLength={80}
        error={errors.productName}
        onChange={(event) => onChange({ productName: event.target.value })}
      />
      <TextField
        label={t('setup.service.baseUrl.label')}
        hint={t('setup.service.baseUrl.hint')}
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
        legend={t('setup.service.registration.legend')}
        name="self-registration"
        value={draft.selfRegistration}
        onChange={(selfRegistration) => onChange({ selfRegistration })}
        options={[
          {
            value: 'closed',
            label: t('setup.service.registration.closed.label'),
            hint: t('setup.service.registration.closed.hint'),
          },
          {
            value: 'open',
            label: t('setup.service.registration.open.label'),
            hint: t('setup.service.registration.open.hint'),
          },
        ]}
      />
    </>
  );
}
