import { type FormEvent, type ReactNode, type Ref, useId } from 'react';
import { Button } from '../../shared/Button';
import { t } from '../i18n/text';
import { type Outcome, OutcomeMessage } from './OutcomeMessage';

/**
 * A section of a detail page that edits what the page shows: how the last save went, the fields (disabled for an
 * admin who may not change them, who then sees no save button), and the save button.
 */
export function EditSection({
  heading,
  outcome,
  failedTitle,
  notice,
  formRef,
  busy,
  onSubmit,
  editable,
  submitLabel,
  children,
}: {
  heading: string;
  outcome: Outcome;
  /** E.g. "The changes were not saved". */
  failedTitle: string;
  /** Shown between the outcome and the form (e.g. why the choices could not be loaded). */
  notice?: ReactNode;
  formRef?: Ref<HTMLFormElement>;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  editable: boolean;
  /** The button, e.g. "Save settings". */
  submitLabel: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={failedTitle} />
      {notice}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <fieldset className="form-fieldset" disabled={!editable}>
          {children}
        </fieldset>
        {editable ? (
          <div className="form-actions">
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? t('common.saving') : submitLabel}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
