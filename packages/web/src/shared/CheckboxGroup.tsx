import { useId } from 'react';
import { CheckboxField } from './CheckboxField';

export interface CheckboxOption {
  value: string;
  label: string;
  hint?: string;
}

/**
 * A <fieldset> of native checkboxes for choosing several of a list (roles, permissions): the legend names the
 * group, and its hint and error are tied to the group with aria-describedby.
 */
export function CheckboxGroup({
  legend,
  hint,
  error,
  options,
  selected,
  onChange,
  disabled,
}: {
  legend: string;
  hint?: string;
  error?: string;
  options: readonly CheckboxOption[];
  selected: readonly string[];
  /** The new selection, in the options' order. */
  onChange: (selected: string[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const toggle = (value: string, on: boolean) =>
    onChange(
      options
        .map((option) => option.value)
        .filter((candidate) => (candidate === value ? on : selected.includes(candidate))),
    );
  return (
    <fieldset className="field choice-group" disabled={disabled} aria-describedby={describedBy || undefined}>
      <legend>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {options.map((option) => (
        <CheckboxField
          key={option.value}
          label={option.label}
          hint={option.hint}
          checked={selected.includes(option.value)}
          aria-invalid={error ? true : undefined}
          onChange={(event) => toggle(option.value, event.target.checked)}
        />
      ))}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
