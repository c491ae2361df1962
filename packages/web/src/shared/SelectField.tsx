import type { SelectHTMLAttributes } from 'react';
import { LabelledField } from './LabelledField';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  options: readonly SelectOption[];
  hint?: string;
  error?: string;
};

/** A native <select> with a real <label>, and its hint and error tied to it. */
export function SelectField({ label, options, hint, error, ...rest }: SelectFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(control) => (
        <select {...rest} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
