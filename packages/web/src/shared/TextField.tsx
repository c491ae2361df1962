import { type InputHTMLAttributes, type Ref, useId } from 'react';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** The <input> itself (React 19 passes ref as a prop), e.g. to move focus to it. */
  ref?: Ref<HTMLInputElement>;
  /** Help shown under the field, announced with it. */
  hint?: string;
  /** A validation message; marks the field invalid and is announced with it. */
  error?: string;
};

/** A text input with a real <label>, and its hint and error tied to it with aria-describedby. */
export function TextField({ label, hint, error, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        {...rest}
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
