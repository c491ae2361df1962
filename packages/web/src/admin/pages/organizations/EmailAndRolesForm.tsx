import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/Button';
import { CheckboxGroup } from '../../../shared/CheckboxGroup';
import { EmailField } from '../../../shared/EmailField';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { describeError } from '../../error-text';
import { t } from '../../i18n/text';
import type { RoleView } from '../../organization-types';
import { emailError, showInvalidFields } from '../../validation';
import { DEFAULT_ROLES, roleOptions } from './role-options';

/**
 * An email address and roles from the catalogue (adding a member, inviting someone), checked before `send` runs.
 * `send` resolves with a message for the address field when it cannot go on (no such user), or with nothing when
 * done, and the form starts over; a refusal it throws is shown above the form.
 */
export function EmailAndRolesForm({
  heading,
  emailLabel,
  emailHint,
  rolesLegend,
  submitLabel,
  busyLabel,
  failedTitle,
  roles,
  send,
}: {
  heading: string;
  emailLabel: string;
  emailHint: string;
  rolesLegend: string;
  submitLabel: string;
  busyLabel: string;
  failedTitle: string;
  roles: readonly RoleView[];
  send: (email: string, roles: string[]) => Promise<string | undefined>;
}) {
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<string[]>(DEFAULT_ROLES);
  const [emailProblem, setEmailProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'email'>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setEmailProblem(undefined);
    return submit(
      event,
      () => ({ email: emailError(email) }),
      async () => {
        setFailure(null);
        try {
          const problem = await send(email.trim(), chosen);
          if (problem) {
            showInvalidFields(formRef.current, () => setEmailProblem(problem));
            return;
          }
          setEmail('');
          setChosen(DEFAULT_ROLES);
        } catch (error) {
          setFailure(error);
        }
      },
    );
  }

  return (
    <>
      <h3 className="subheading">{heading}</h3>
      {failure ? (
        <ErrorPanel title={failedTitle}>
          <p>{describeError(failure)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField
          label={emailLabel}
          hint={emailHint}
          autoComplete="off"
          value={email}
          error={fieldErrors.email ?? emailProblem}
          onChange={(event) => setEmail(event.target.value)}
        />
        <CheckboxGroup
          legend={rolesLegend}
          hint={t('organizations.rolesHint')}
          options={roleOptions(roles)}
          selected={chosen}
          onChange={setChosen}
        />
        <div className="form-actions">
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </>
  );
}
