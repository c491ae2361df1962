import type { TextareaHTMLAttributes } from 'react';
import { LabelledField } from './LabelledField';

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  hint?: string;
  error?: string;
};

/** A <textarea> with a real <label>, and its hint and error tied to it with aria-describedby. */
export function TextAreaField({ label, hint, error, ...rest }: TextAreaFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(control) => <textarea {...rest} {...control} />}
    </LabelledField>
  );
}
