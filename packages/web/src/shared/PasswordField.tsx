import { type InputHTMLAttributes, type Ref, useId, useState } from 'react';

export type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  /** The <input> itself (React 19 passes ref as a prop), e.g. to move focus to it. */
  ref?: Ref<HTMLInputElement>;
  hint?: string;
  error?: string;
  /** `current-password` for sign-in, `new-password` where a password is chosen (password managers rely on it). */
  autoComplete: 'current-password' | 'new-password';
};

/**
 * A password input with a real <label>, hint and error tied to it, and a "Show" toggle: seeing what one typed
 * helps more than a second "confirm" field (WCAG 3.3.7, 3.3.8), and it is a real button for keyboards.
 */
export function PasswordField({ label, hint, error, ...rest }: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
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
      <div className="password-input">
        <input
          {...rest}
          id={id}
          type={visible ? 'text' : 'password'}
          // Never let the browser spell-check or capitalize a password (some spell-checkers send text away).
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
