import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** `danger` is for actions that destroy something (delete, remove), after a confirmation. */
  variant?: 'primary' | 'secondary' | 'danger';
  /** The <button> itself (React 19 passes ref as a prop), e.g. to return focus to it. */
  ref?: Ref<HTMLButtonElement>;
};

/** A native <button> (keyboard and screen readers for free). Defaults to type="button" so it never submits a form by accident. */
export function Button({ variant = 'primary', type = 'button', className, ...rest }: ButtonProps) {
  const classes = ['button', `button-${variant}`, className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
