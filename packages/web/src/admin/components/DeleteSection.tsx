import { type ReactNode, useId, useState } from 'react';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { describeError } from '../error-text';
import { t } from '../i18n/text';
import { ConfirmAction } from './ConfirmAction';

/**
 * The last section of a detail page: what deleting does, and a Delete button that asks first. `onDelete` does it
 * and moves on (to the list); when it throws, the section says why nothing was deleted.
 */
export function DeleteSection({
  heading,
  explanation,
  label,
  question,
  failedTitle,
  onDelete,
}: {
  heading: string;
  explanation: ReactNode;
  /** The button, e.g. "Delete client". */
  label: string;
  question: ReactNode;
  failedTitle: string;
  onDelete: () => Promise<void>;
}) {
  const headingId = useId();
  const [error, setError] = useState<unknown>(null);
  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <p>{explanation}</p>
      {error ? (
        <ErrorPanel title={failedTitle}>
          <p>{describeError(error)}</p>
        </ErrorPanel>
      ) : null}
      <ConfirmAction
        label={label}
        question={question}
        confirmLabel={t('layout.delete.confirm')}
        busyLabel={t('layout.delete.busy')}
        onConfirm={async () => {
          setError(null);
          try {
            await onDelete();
          } catch (failed) {
            setError(failed);
          }
        }}
      />
    </section>
  );
}
