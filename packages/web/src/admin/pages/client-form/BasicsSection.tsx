import { RadioGroup } from '../../../shared/RadioGroup';
import { TextAreaField } from '../../../shared/TextAreaField';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import type { ClientSectionProps } from './client-draft';

/** Name, client ID (chosen once, when registering), description, and the type (fixed after registration). */
export function BasicsSection({
  draft,
  set,
  errors,
  creating,
  readOnly,
}: ClientSectionProps & { creating: boolean; readOnly: boolean }) {
  return (
    <fieldset className="section">
      <legend>{t('clients.form.basics.legend')}</legend>
      <TextField
        label={t('clients.form.basics.name.label')}
        hint={t('clients.form.basics.name.hint')}
        value={draft.name}
        maxLength={120}
        error={errors.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      {creating ? (
        <TextField
          label={t('clients.form.basics.clientId.label')}
          hint={t('clients.form.basics.clientId.hint')}
          value={draft.clientId}
          spellCheck={false}
          autoCapitalize="off"
          error={errors.clientId}
          onChange={(event) => set({ clientId: event.target.value })}
        />
      ) : null}
      <TextAreaField
        label={t('clients.form.basics.description.label')}
        value={draft.description}
        maxLength={1000}
        rows={2}
        onChange={(event) => set({ description: event.target.value })}
      />
      <RadioGroup
        legend={t('clients.form.basics.type.legend')}
        name="client-type"
        value={draft.type}
        disabled={!creating || readOnly}
        onChange={(type) => set({ type })}
        options={[
          {
            value: 'confidential',
            label: t('clients.form.basics.type.confidential.label'),
            hint: t('clients.form.basics.type.confidential.hint'),
          },
          {
            value: 'public',
            label: t('clients.form.basics.type.public.label'),
            hint: t('clients.form.basics.type.public.hint'),
          },
        ]}
      />
      {!creating ? <p className="field-hint">{t('clients.form.basics.type.fixed')}</p> : null}
    </fieldset>
  );
}
