import type { ReactNode } from 'react';
import { useI18n } from './i18n/I18n';
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
  const { t } = useI18n();
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
        label={t('password.current')}
        name={fieldNames?.current}
        autoComplete="current-password"
        value={change.current}
        error={change.fieldErrors.current}
        onChange={(event) => change.setCurrent(event.target.value)}
      />
      <NewPasswordField
        label={t('password.new')}
        name={fieldNames?.next}
        value={change.next}
        error={change.fieldErrors.next}
        onChange={(event) => change.setNext(event.target.value)}
      />
      {children}
    </form>
  );
}
