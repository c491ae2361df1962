import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../shared/Button';
import { Page } from '../../../shared/Page';
import { PORTAL_NAME } from '../../components/AdminLayout';
import { t } from '../../i18n/text';
import { completeInstall } from '../../opaque-flows';
import { showInvalidFields } from '../../validation';
import { AdministratorStep } from './AdministratorStep';
import { Installed } from './InstallOutcome';
import {
  EMPTY_INSTALL_DRAFT,
  hasErrors,
  INSTALL_STEPS,
  type InstallDraft,
  installChoices,
  type StepErrors,
  stepErrors,
} from './install-draft';
import { ReviewStep } from './ReviewStep';
import { ServiceStep } from './ServiceStep';
import { SmtpStep } from './SmtpStep';

function StepList({ step }: { step: number }) {
  return (
    <ol className="steps" aria-label={t('setup.steps.label')}>
      {INSTALL_STEPS.map((name, index) => (
        <li
          key={name}
          className={index === step ? 'step-current' : index < step ? 'step-done' : undefined}
          aria-current={index === step ? 'step' : undefined}
        >
          {t(name)}
        </li>
      ))}
    </ol>
  );
}

/**
 * The install steps with a valid token: each is checked before the next opens, and nothing is saved until the
 * last one, where the first admin is registered (OPAQUE, in this browser) and the install completed.
 */
export function InstallWizard({ token }: { token: string }) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<InstallDraft>(EMPTY_INSTALL_DRAFT);
  const [errors, setErrors] = useState<StepErrors>({});
  const [installing, setInstalling] = useState(false);
  const [installError, setInstallError] = useState<unknown>(null);
  const [done, setDone] = useState<{ restart: boolean } | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);
  const change = (patch: Partial<InstallDraft>) => setDraft((previous) => ({ ...previous, ...patch }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: step and done are the triggers.
  useEffect(() => {
    // Each new step announces itself: focus its heading (not on the first render: the page heading comes first).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step, done]);

  function showErrors(found: StepErrors) {
    showInvalidFields(formRef.current, () => setErrors(found));
  }

  function onNext(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = stepErrors(step, draft);
    if (hasErrors(found)) {
      showErrors(found);
      return;
    }
    setErrors(found);
    if (step < INSTALL_STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    void install();
  }

  async function install() {
    setInstalling(true);
    setInstallError(null);
    try {
      const result = await completeInstall(installChoices(token, draft));
      change({ password: '' });
      setDone({ restart: result.baseUrlAppliesAfterRestart });
    } catch (error) {
      setInstallError(error);
    } finally {
      setInstalling(false);
    }
  }

  if (done) return <Installed email={draft.email.trim()} restart={done.restart} headingRef={stepHeading} />;

  const last = step === INSTALL_STEPS.length - 1;
  return (
    <Page title={t('setup.title')} siteName={PORTAL_NAME}>
      <StepList step={step} />
      <form ref={formRef} noValidate onSubmit={onNext} aria-busy={installing}>
        <h2 ref={stepHeading} tabIndex={-1}>
          {t('setup.steps.heading', {
            number: step + 1,
            total: INSTALL_STEPS.length,
            name: t(INSTALL_STEPS[step]!),
          })}
        </h2>
        {step === 0 ? <AdministratorStep draft={draft} onChange={change} errors={errors} /> : null}
        {step === 1 ? <ServiceStep draft={draft} onChange={change} errors={errors} /> : null}
        {step === 2 ? (
          <SmtpStep token={token} draft={draft} onChange={change} errors={errors} onInvalid={showErrors} />
        ) : null}
        {step === 3 ? <ReviewStep draft={draft} installError={installError} /> : null}
        <div className="form-actions">
          <Button type="submit" disabled={installing}>
            {!last ? t('setup.continue') : installing ? t('setup.installing') : t('setup.install')}
          </Button>
          {step > 0 ? (
            <Button variant="secondary" disabled={installing} onClick={() => setStep(step - 1)}>
              {t('setup.back')}
            </Button>
          ) : null}
        </div>
      </form>
    </Page>
  );
}
