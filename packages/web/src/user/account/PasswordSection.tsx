import { type FormEvent, type Ref, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { PasswordField } from '../../shared/PasswordField';
import { isStepUpCancelled, useStepUp } from '../components/StepUp';
import { describeError } from '../error-text';
import { changePassword, preloadOpaque } from '../opaque-flows';
import { currentPasswordError, focusFirstInvalid, NEW_PASSWORD_HINT, newPasswordError } from '../validation';

/**
 * Password change: the current password is proven and the new one registered with OPAQUE, in the browser. With
 * two-step verification on, the server first wants a current code: the change waits for it, then goes on.
 */
export function PasswordSection({
  email,
  csrfToken,
  onCsrfToken,
  onChanged,
  headingRef,
}: {
  email: string;
  csrfToken: string;
  /** Called with a rotated session's CSRF token (after a code confirmed the change). */
  onCsrfToken: (csrfToken: string) => void;
  /** Called with the rotated session's CSRF token once the password is changed. */
  onChanged: (csrfToken: string) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const stepUp = useStepUp(csrfToken, onCsrfToken);
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
      const result = await stepUp.run((token) => changePassword(current, next, token));
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
      setState(isStepUpCancelled(failed) ? 'idle' : { failed });
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
          {state === 'saving' && !stepUp.prompting ? 'Changing password…' : 'Change password'}
        </Button>
      </form>
      {stepUp.prompt}
    </section>
  );
}
