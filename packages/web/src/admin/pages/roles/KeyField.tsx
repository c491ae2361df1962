import { TextField } from '../../../shared/TextField';
import { t } from '../../i18n/text';
import { KEY_PATTERN } from '../../organization-types';

/** A role or permission key, checked as the server does (`^[a-z][a-z0-9_.:-]{0,63}$`). */
export function keyError(value: string): string | undefined {
  const key = value.trim();
  if (key === '') return t('roles.key.missing');
  if (!KEY_PATTERN.test(key)) return t('roles.key.invalid');
  return undefined;
}

/** The key of a new role or permission: machine text (no spell-check, no capitals), chosen once. */
export function KeyField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="off"
      maxLength={64}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
