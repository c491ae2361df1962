import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { isStepUpRequired, stepUp } from '../otp';
import { CodeForm } from './CodeForm';

/** The person chose Cancel at the code prompt: nothing happened, and nothing needs explaining. */
export class StepUpCancelled extends Error {
  override readonly name = 'StepUpCancelled';
  constructor() {
    super('step-up cancelled');
  }
}

export function isStepUpCancelled(error: unknown): boolean {
  return error instanceof StepUpCancelled;
}

interface Waiting {
  resolve: (csrfToken: string) => void;
  reject: (error: unknown) => void;
}

/**
 * Sensitive actions (password or email change, backup codes, turning two-step verification off or re-enrolling)
 * need a fresh code when two-step verification is on (DESIGN §7). `run(action)` tries the action; when the server
 * answers `step_up_required` it shows `prompt` (render it where the action's form is), proves a code with
 * POST /otp/reauth — which rotates the session, so the new CSRF token goes to `onCsrfToken` — and tries once more.
 * Cancel at the prompt rejects with StepUpCancelled.
 */
export function useStepUp(
  csrfToken: string,
  onCsrfToken: (csrfToken: string) => void,
): {
  run: <T>(action: (csrfToken: string) => Promise<T>) => Promise<T>;
  prompt: ReactNode;
  prompting: boolean;
} {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  // The freshest token, also inside a run() that started before a re-render.
  const tokenRef = useRef(csrfToken);
  tokenRef.current = csrfToken;

  const run = useCallback(
    async <T,>(action: (token: string) => Promise<T>): Promise<T> => {
      try {
        return await action(tokenRef.current);
      } catch (error) {
        if (!isStepUpRequired(error)) throw error;
      }
      const fresh = await new Promise<string>((resolve, reject) => setWaiting({ resolve, reject }));
      tokenRef.current = fresh;
      onCsrfToken(fresh);
      return action(fresh);
    },
    [onCsrfToken],
  );

  const prompt = waiting ? (
    <StepUpPrompt
      csrfToken={csrfToken}
      onConfirmed={(fresh) => {
        setWaiting(null);
        waiting.resolve(fresh);
      }}
      onCancel={() => {
        setWaiting(null);
        waiting.reject(new StepUpCancelled());
      }}
    />
  ) : null;
  return { run, prompt, prompting: waiting !== null };
}

/** "Confirm it's you": one code from the app (or a backup code), then the action continues by itself. */
function StepUpPrompt({
  csrfToken,
  onConfirmed,
  onCancel,
}: {
  csrfToken: string;
  onConfirmed: (csrfToken: string) => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className="step-up" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        Confirm it is you
      </h3>
      <p>
        Two-step verification is on for your account, so this change needs a current code from your
        authenticator app (or one of your backup codes). It then continues by itself.
      </p>
      <CodeForm
        submitLabel="Confirm and continue"
        busyLabel="Checking…"
        onCode={async (code) => onConfirmed(await stepUp(code, csrfToken))}
      >
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </CodeForm>
    </section>
  );
}
