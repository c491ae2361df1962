import type { InputHTMLAttributes, Ref } from 'react';
import { LabelledField } from './LabelledField';

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
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(control) => <input {...rest} {...control} type={type} />}
    </LabelledField>
  );
}
