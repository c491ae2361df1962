import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { describeError } from '../error-text';
import { t } from '../i18n/text';

/** How the last change in a section ended: done (with what it did), failed (with why), or nothing yet. */
export type Outcome = { kind: 'done'; text: string } | { kind: 'failed'; error: unknown } | null;

/** Shows an Outcome: a "Done" notice, or an error panel titled `failedTitle`. */
export function OutcomeMessage({ outcome, failedTitle }: { outcome: Outcome; failedTitle: string }) {
  if (!outcome) return null;
  if (outcome.kind === 'done')
    return (
      <Notice title={t('common.done')}>
        <p>{outcome.text}</p>
      </Notice>
    );
  return (
    <ErrorPanel title={failedTitle}>
      <p>{describeError(outcome.error)}</p>
    </ErrorPanel>
  );
}
