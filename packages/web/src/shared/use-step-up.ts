import { useCallback, useRef, useState } from 'react';
import { ApiError } from './api';

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

export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'step_up_required';
}

interface Waiting {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Sensitive actions need a fresh second factor when one is enrolled (docs/users.md#second-factor-totp), in
 * both apps. `run(action)` tries the action; when the server answers `step_up_required`, `waiting` becomes
 * true so the app shows its code prompt; once the app's own reauth call succeeded it calls `confirmed()` and
 * the action is tried once more; `cancel()` rejects it with StepUpCancelled.
 */
export function useStepUpRetry(): {
  run: <T>(action: () => Promise<T>) => Promise<T>;
  waiting: boolean;
  confirmed: () => void;
  cancel: () => void;
} {
  const waitingRef = useRef<Waiting | null>(null);
  const [waiting, setWaiting] = useState(false);

  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isStepUpRequired(error)) throw error;
    }
    await new Promise<void>((resolve, reject) => {
      waitingRef.current = { resolve, reject };
      setWaiting(true);
    });
    return action();
  }, []);

  const settle = useCallback((how: (waiting: Waiting) => void) => {
    const current = waitingRef.current;
    waitingRef.current = null;
    setWaiting(false);
    if (current) how(current);
  }, []);

  return {
    run,
    waiting,
    confirmed: useCallback(() => settle((current) => current.resolve()), [settle]),
    cancel: useCallback(() => settle((current) => current.reject(new StepUpCancelled())), [settle]),
  };
}
