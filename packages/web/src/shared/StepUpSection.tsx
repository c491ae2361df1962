import { type ReactNode, useEffect, useId, useRef } from 'react';

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
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className={className} aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        Confirm it is you
      </h3>
      <p>{explanation}</p>
      {children}
    </section>
  );
}
