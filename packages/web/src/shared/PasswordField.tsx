import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { useI18n } from './i18n/I18n';
import { LabelledField } from './LabelledField';

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
  const [visible, setVisible] = useState(false);
  const { t, locale } = useI18n();
  // "Show password": the field's name as a word in a sentence (German keeps a noun's capital).
  const fieldName = locale === 'de' ? label : label.toLocaleLowerCase(locale);
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(control) => (
        <div className="password-input">
          <input
            {...rest}
            {...control}
            type={visible ? 'text' : 'password'}
            // Never let the browser spell-check or capitalize a password (some spell-checkers send text away).
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
          />
          <button
            type="button"
            className="password-toggle"
            aria-controls={control.id}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? t('common.hide') : t('common.show')}
            <span className="visually-hidden"> {fieldName}</span>
          </button>
        </div>
      )}
    </LabelledField>
  );
}
