import { type FormEvent, useRef, useState } from 'react';
import { showInvalidFields } from './validation';

/** Each field's validation message, where it has one. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string | undefined>>;

/**
 * The submit handling of a form whose fields are checked before anything is sent (WCAG 3.3.1): a submit while
 * one is running is ignored; the fields' messages are shown and focus moves to the first invalid field; when
 * there is none, `send` runs with the form marked busy until it settles.
 */
export function useCheckedSubmit<Field extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  async function submit(
    event: FormEvent<HTMLFormElement>,
    check: () => FieldErrors<Field>,
    send: () => Promise<void>,
  ): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const errors = check();
    if (Object.values(errors).some(Boolean)) {
      showInvalidFields(formRef.current, () => setFieldErrors(errors));
      return;
    }
    setFieldErrors(errors);
    setBusy(true);
    try {
      await send();
    } finally {
      setBusy(false);
    }
  }

  return { formRef, fieldErrors, busy, submit };
}
