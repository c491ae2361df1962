import type { ReactNode } from 'react';
import type { AdminApiBody, AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { StepUpSection } from '../../shared/StepUpSection';
import { useStepUpRetry } from '../../shared/use-step-up';
import { t } from '../i18n/text';
import { useAdminApi, useSession } from '../session';
import { CodeForm } from './CodeForm';

export { isStepUpCancelled } from '../../shared/use-step-up';

/**
 * The portal's step-up (see useStepUpRetry), as the hosted UI's `useStepUp`: `run(action)` tries the action; on
 * `step_up_required` it shows `prompt` (render it where the action's form is), proves a code with
 * POST /admin/otp/reauth — which rotates the session, so the new CSRF token goes to the session at once — and
 * tries once more. `explanation` says what needs the code.
 */
export function useAdminStepUp(explanation: string): {
  run: <T>(action: () => Promise<T>) => Promise<T>;
  prompt: ReactNode;
  prompting: boolean;
} {
  const retry = useStepUpRetry();
  const api = useAdminApi();
  const { setCsrfToken } = useSession();

  const prompt = retry.waiting ? (
    <StepUpSection className="section" explanation={explanation}>
      <CodeForm
        label={t('layout.code.label')}
        hint={t('layout.code.hint')}
        submitLabel={t('layout.stepUp.submit')}
        busyLabel={t('layout.stepUp.checking')}
        onCode={async (code) => {
          const result = await api.post<AdminApiResponse<'POST /admin/otp/reauth'>>('/admin/otp/reauth', {
            code,
          } satisfies AdminApiBody<'POST /admin/otp/reauth'>);
          setCsrfToken(result.csrf_token);
          retry.confirmed();
        }}
      >
        <Button variant="secondary" onClick={retry.cancel}>
          {t('common.cancel')}
        </Button>
      </CodeForm>
    </StepUpSection>
  ) : null;
  return { run: retry.run, prompt, prompting: retry.waiting };
}
