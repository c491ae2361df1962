import { useId } from 'react';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

/** A <fieldset> of native radio buttons: arrow keys move between them, the legend names the group. */
export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly RadioOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="field radio-group" disabled={disabled}>
      <legend>{legend}</legend>
      {options.map((option) => {
        const optionId = `${id}-${option.value}`;
        return (
          <div key={option.value} className="radio-option">
            <div className="choice">
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-describedby={option.hint ? `${optionId}-hint` : undefined}
              />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
            {option.hint ? (
              <p id={`${optionId}-hint`} className="field-hint">
                {option.hint}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
