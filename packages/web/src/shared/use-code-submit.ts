import { type FormEvent, useRef, useState } from 'react';
import { normalizeCode } from './otp';

/**
 * The submit handling of a one-code form (sign-in, set-up and step-up in both apps): the code is checked first
 * (its message shown at the field, focus kept there); a submit while one runs is ignored; the code goes without
 * the spaces people type. When the server refuses it, the refusal is kept in `refusal` for the app to explain, the
 * field is emptied for the next try and focus returns to it. On success the form stays busy: the page moves on.
 */
export function useCodeSubmit({
  check,
  onCode,
}: {
  /** The app's check of what was typed, in its own wording. */
  check: (value: string) => string | undefined;
  /** Resolves when done; rejects with the server's refusal. */
  onCode: (code: string) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = check(code);
    setFieldError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      await onCode(normalizeCode(code));
    } catch (error) {
      setRefusal(error);
      setCode('');
      setBusy(false);
      inputRef.current?.focus();
    }
  }

  /** Starts the field over (another kind of code was chosen). */
  function clear() {
    setCode('');
    setFieldError(undefined);
  }

  return { code, setCode, fieldError, refusal, busy, inputRef, onSubmit, clear };
}
