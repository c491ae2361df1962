import { type ReactNode, useCallback, useRef } from 'react';
import { Button } from '../../shared/Button';
import { useI18n } from '../../shared/i18n/I18n';
import { StepUpSection } from '../../shared/StepUpSection';
import { useStepUpRetry } from '../../shared/use-step-up';
import { stepUp } from '../otp';
import { CodeForm } from './CodeForm';

export { isStepUpCancelled, StepUpCancelled } from '../../shared/use-step-up';

/**
 * The hosted UI's step-up (see useStepUpRetry): `run(action)` gives the action the current CSRF token; on
 * `step_up_required` it shows `prompt` (render it where the action's form is), proves a code with POST /otp/reauth —
 * which rotates the session, so the new CSRF token goes to `onCsrfToken` — and tries once more.
 */
export function useStepUp(
  csrfToken: string,
  onCsrfToken: (csrfToken: string) => void,
): {
  run: <T>(action: (csrfToken: string) => Promise<T>) => Promise<T>;
  prompt: ReactNode;
  prompting: boolean;
} {
  const retry = useStepUpRetry();
  // The freshest token, also inside a run() that started before a re-render.
  const tokenRef = useRef(csrfToken);
  tokenRef.current = csrfToken;

  const run = useCallback(
    <T,>(action: (token: string) => Promise<T>): Promise<T> => retry.run(() => action(tokenRef.current)),
    [retry.run],
  );

  const prompt = retry.waiting ? (
    <StepUpPrompt
      csrfToken={csrfToken}
      onConfirmed={(fresh) => {
        tokenRef.current = fresh;
        onCsrfToken(fresh);
        retry.confirmed();
      }}
      onCancel={retry.cancel}
    />
  ) : null;
  return { run, prompt, prompting: retry.waiting };
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
  const { t } = useI18n();
  return (
    <StepUpSection className="step-up" explanation={t('stepUp.explanation')}>
      <CodeForm
        submitLabel={t('stepUp.submit')}
        busyLabel={t('common.checking')}
        onCode={async (code) => onConfirmed(await stepUp(code, csrfToken))}
      >
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </CodeForm>
    </StepUpSection>
  );
}
