import { type FormEvent, useState } from 'react';
import type { PasswordChangeResult } from './opaque';
import { useCheckedSubmit } from './use-checked-submit';
import { replacementPasswordError } from './validation';

/** What the page says about the last attempt: nothing (yet), changed, wrong current password, or a failure. */
export type PasswordChangeOutcome = 'idle' | 'changed' | 'wrong' | { failed: unknown };

/**
 * The state of a signed-in password change form (`PasswordChangeForm`), shared by both apps: the two passwords,
 * their checks, and the outcome. Neither password is kept once the change has been tried: the current one is
 * cleared whatever happened, the new one once it is set.
 */
export function usePasswordChange({
  currentPasswordError,
  change,
  onChanged,
  isCancelled = () => false,
}: {
  /** The app's check of the current password, in its own wording. */
  currentPasswordError: (value: string) => string | undefined;
  change: (currentPassword: string, newPassword: string) => Promise<PasswordChangeResult>;
  /** Called with the rotated session's CSRF token once the password is changed. */
  onChanged: (csrfToken: string) => void;
  /** A failure that is the person stepping back (closing a confirmation): nothing to report. */
  isCancelled?: (error: unknown) => boolean;
}) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [outcome, setOutcome] = useState<PasswordChangeOutcome>('idle');
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'current' | 'next'>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ current: currentPasswordError(current), next: replacementPasswordError(next, current) }),
      async () => {
        setOutcome('idle');
        try {
          const result = await change(current, next);
          setCurrent('');
          if (result.kind === 'wrong_current_password') {
            setOutcome('wrong');
            return;
          }
          setNext('');
          setOutcome('changed');
          onChanged(result.csrfToken);
        } catch (failed) {
          setCurrent('');
          setOutcome(isCancelled(failed) ? 'idle' : { failed });
        }
      },
    );
  }

  return { current, setCurrent, next, setNext, fieldErrors, outcome, busy, formRef, onSubmit };
}

export type PasswordChange = ReturnType<typeof usePasswordChange>;
