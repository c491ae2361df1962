import { Button } from '../../../shared/Button';
import { CheckboxField } from '../../../shared/CheckboxField';
import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import {
  type ClientSectionProps,
  type CustomScope,
  customScope,
  STANDARD_SCOPES,
  toggled,
} from './client-draft';

/** One custom scope's name and consent text, with its own Remove button. */
function CustomScopeRow({
  entry,
  index,
  error,
  onChange,
  onRemove,
}: {
  entry: CustomScope;
  index: number;
  error: string | undefined;
  onChange: (patch: Partial<CustomScope>) => void;
  onRemove: () => void;
}) {
  return (
    <li className="scope-row">
      <TextField
        label={t('clients.form.scopes.custom.label', { number: index + 1 })}
        value={entry.scope}
        spellCheck={false}
        autoCapitalize="off"
        maxLength={128}
        error={error}
        onChange={(event) => onChange({ scope: event.target.value })}
      />
      <TextField
        label={t('clients.form.scopes.custom.description.label', { number: index + 1 })}
        hint={t('clients.form.scopes.custom.description.hint')}
        value={entry.description}
        maxLength={300}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <Button variant="secondary" onClick={onRemove}>
        {t('clients.form.scopes.custom.remove', { number: index + 1 })}
      </Button>
    </li>
  );
}

/** What the app may ask for: OpenID Connect's standard scopes, and its own scopes with their consent text. */
export function ScopesSection({ draft, set, errors }: ClientSectionProps) {
  const { customScopes } = draft;
  return (
    <fieldset className="section">
      <legend>{t('clients.form.scopes.legend')}</legend>
      <p className="field-hint">{t('clients.form.scopes.intro')}</p>
      {STANDARD_SCOPES.map((entry) => (
        <CheckboxField
          key={entry.scope}
          label={t(entry.label)}
          checked={draft.standardScopes.has(entry.scope)}
          onChange={(event) =>
            set({ standardScopes: toggled(draft.standardScopes, entry.scope, event.target.checked) })
          }
        />
      ))}
      <h3 className="subheading">{t('clients.form.scopes.custom.heading')}</h3>
      {customScopes.length === 0 ? <p className="muted">{t('clients.form.scopes.custom.none')}</p> : null}
      <ul className="scope-rows">
        {customScopes.map((entry, index) => (
          <CustomScopeRow
            key={entry.key}
            entry={entry}
            index={index}
            error={errors[`scope-${index}`]}
            onChange={(patch) =>
              set({
                customScopes: customScopes.map((other) =>
                  other.key === entry.key ? { ...other, ...patch } : other,
                ),
              })
            }
            onRemove={() => set({ customScopes: customScopes.filter((other) => other.key !== entry.key) })}
          />
        ))}
      </ul>
      <Button variant="secondary" onClick={() => set({ customScopes: [...customScopes, customScope()] })}>
        {t('clients.form.scopes.custom.add')}
      </Button>
    </fieldset>
  );
}
