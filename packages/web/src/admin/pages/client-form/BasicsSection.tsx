import { RadioGroup } from '../../../shared/RadioGroup';
import { TextAreaField } from '../../../shared/TextAreaField';
import { TextField } from '../../../shared/TextField';
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
      <legend>Basics</legend>
      <TextField
        label="Name"
        hint="Shown to people on the sign-in and consent pages."
        value={draft.name}
        maxLength={120}
        error={errors.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      {creating ? (
        <TextField
          label="Client ID (optional)"
          hint="Leave empty to generate one. 3–64 letters, digits, dots, underscores, tildes or hyphens."
          value={draft.clientId}
          spellCheck={false}
          autoCapitalize="off"
          error={errors.clientId}
          onChange={(event) => set({ clientId: event.target.value })}
        />
      ) : null}
      <TextAreaField
        label="Description (optional)"
        value={draft.description}
        maxLength={1000}
        rows={2}
        onChange={(event) => set({ description: event.target.value })}
      />
      <RadioGroup
        legend="Client type"
        name="client-type"
        value={draft.type}
        disabled={!creating || readOnly}
        onChange={(type) => set({ type })}
        options={[
          {
            value: 'confidential',
            label: 'Confidential',
            hint: 'A server-side app that can keep a secret. It gets a client secret.',
          },
          {
            value: 'public',
            label: 'Public',
            hint: 'A browser or mobile app that cannot keep a secret. It must use PKCE.',
          },
        ]}
      />
      {!creating ? <p className="field-hint">The type of an existing client cannot change.</p> : null}
    </fieldset>
  );
}
