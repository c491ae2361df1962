import { type FormEvent, type Ref, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { PasswordField } from '../../shared/PasswordField';
import { describeError } from '../error-text';
import { changePassword, preloadOpaque } from '../opaque-flows';
import { currentPasswordError, focusFirstInvalid, NEW_PASSWORD_HINT, newPasswordError } from '../validation';

/** Password change: the current password is proven and the new one registered with OPAQUE, in the browser. */
export function PasswordSection({
  email,
  csrfToken,
  onChanged,
  headingRef,
}: {
  email: string;
  csrfToken: string;
  /** Called with the rotated session's CSRF token. */
  onChanged: (csrfToken: string) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ current?: string; next?: string }>({});
  const [state, setState] = useState<'idle' | 'saving' | 'changed' | 'wrong' | { failed: unknown }>('idle');
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'saving') return;
    const errors = {
      current: currentPasswordError(current),
      next:
        newPasswordError(next) ??
        (next === current ? 'Choose a password different from the current one.' : undefined),
    };
    setFieldErrors(errors);
    if (errors.current || errors.next) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setState('saving');
    try {
      const result = await changePassword(current, next, csrfToken);
      setCurrent('');
      if (result.kind === 'wrong_current_password') {
        setState('wrong');
        return;
      }
      setNext('');
      setState('changed');
      onChanged(result.csrfToken);
    } catch (failed) {
      setCurrent('');
      setState({ failed });
    }
  }

  return (
    <section className="section" aria-labelledby="password-heading">
      <h2 id="password-heading" ref={headingRef} tabIndex={-1}>
        Password
      </h2>
      {state === 'changed' ? (
        <Notice title="Your password is changed">
          <p>Other devices where you were signed in are signed out.</p>
        </Notice>
      ) : null}
      {state === 'wrong' ? (
        <ErrorPanel title="Your current password is not correct">
          <p>Nothing was changed. Check your current password and try again.</p>
        </ErrorPanel>
      ) : null}
      {typeof state === 'object' ? (
        <ErrorPanel title="We could not change your password">
          <p>{describeError(state.failed)}</p>
        </ErrorPanel>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-busy={state === 'saving'}
        onFocus={preloadOpaque}
      >
        {/* Tells password managers which account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          error={fieldErrors.current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          value={next}
          error={fieldErrors.next}
          onChange={(event) => setNext(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={state === 'saving'}>
          {state === 'saving' ? 'Changing password…' : 'Change password'}
        </Button>
      </form>
    </section>
  );
}
