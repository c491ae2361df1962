import type { ReactNode } from 'react';
import { NewPasswordField } from './NewPasswordField';
import { preloadOpaque } from './opaque';
import { PasswordField } from './PasswordField';
import type { PasswordChange } from './use-password-change';

/**
 * The signed-in password change form of both apps: the current password and the new one, for the state
 * `usePasswordChange` keeps. `children` is the submit button, which each app places and words itself.
 */
export function PasswordChangeForm({
  change,
  accountEmail,
  fieldNames,
  children,
}: {
  change: PasswordChange;
  accountEmail: string;
  /** The fields' names, where the app gives them some. */
  fieldNames?: { current: string; next: string };
  children: ReactNode;
}) {
  return (
    <form
      ref={change.formRef}
      noValidate
      onSubmit={change.onSubmit}
      aria-busy={change.busy}
      onFocus={preloadOpaque}
    >
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={accountEmail} readOnly hidden />
      <PasswordField
        label="Current password"
        name={fieldNames?.current}
        autoComplete="current-password"
        value={change.current}
        error={change.fieldErrors.current}
        onChange={(event) => change.setCurrent(event.target.value)}
      />
      <NewPasswordField
        label="New password"
        name={fieldNames?.next}
        value={change.next}
        error={change.fieldErrors.next}
        onChange={(event) => change.setNext(event.target.value)}
      />
      {children}
    </form>
  );
}
