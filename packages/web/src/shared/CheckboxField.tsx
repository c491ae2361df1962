import { type InputHTMLAttributes, useId } from 'react';

export type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  /** Help shown under the label, announced with the checkbox. */
  hint?: string;
};

/** A native checkbox with its label beside it (the whole label is the click target) and an optional hint. */
export function CheckboxField({ label, hint, ...rest }: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field field-checkbox">
      <div className="choice">
        <input {...rest} id={id} type="checkbox" aria-describedby={hint ? hintId : undefined} />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
