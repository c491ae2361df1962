import { Button } from '../../../shared/Button';
import { CheckboxField } from '../../../shared/CheckboxField';
import { TextField } from '../../../shared/TextField';
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
        label={`Custom scope ${index + 1}`}
        value={entry.scope}
        spellCheck={false}
        autoCapitalize="off"
        maxLength={128}
        error={error}
        onChange={(event) => onChange({ scope: event.target.value })}
      />
      <TextField
        label={`Description of custom scope ${index + 1}`}
        hint="Shown on the consent page."
        value={entry.description}
        maxLength={300}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <Button variant="secondary" onClick={onRemove}>
        Remove custom scope {index + 1}
      </Button>
    </li>
  );
}

/** What the app may ask for: OpenID Connect's standard scopes, and its own scopes with their consent text. */
export function ScopesSection({ draft, set, errors }: ClientSectionProps) {
  const { customScopes } = draft;
  return (
    <fieldset className="section">
      <legend>Scopes</legend>
      <p className="field-hint">
        What the app may ask for. Untick all standard scopes for an API-only client.
      </p>
      {STANDARD_SCOPES.map((entry) => (
        <CheckboxField
          key={entry.scope}
          label={entry.label}
          checked={draft.standardScopes.has(entry.scope)}
          onChange={(event) =>
            set({ standardScopes: toggled(draft.standardScopes, entry.scope, event.target.checked) })
          }
        />
      ))}
      <h3 className="subheading">Custom scopes</h3>
      {customScopes.length === 0 ? <p className="muted">No custom scopes.</p> : null}
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
        Add a custom scope
      </Button>
    </fieldset>
  );
}
