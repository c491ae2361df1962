import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useI18n } from './i18n/I18n';

/**
 * "Confirm it is you" (useStepUpRetry is waiting): the heading takes focus so keyboard and screen-reader users land
 * on the question; `children` is the app's own code form.
 */
export function StepUpSection({
  className,
  explanation,
  children,
}: {
  className: string;
  explanation: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t } = useI18n();
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className={className} aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('stepUp.title')}
      </h3>
      <p>{explanation}</p>
      {children}
    </section>
  );
}
