import { type FormEvent, useState } from 'react';
import { TextField } from '../../../shared/TextField';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { EditSection } from '../../components/EditSection';
import type { Outcome } from '../../components/OutcomeMessage';
import type { FederationConnectionView } from '../../federation-types';
import { useAdmin, useAdminApi } from '../../session';
import { connectionPath, identityOf } from './connection-api';

/**
 * The client secret is write-only (docs/federation.md#admin-api-admin-port): the page says whether one is
 * set, and may replace it.
 */
export function ClientSecretSection({
  connection,
  onChanged,
}: {
  connection: FederationConnectionView;
  onChanged: (connection: FederationConnectionView) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [secret, setSecret] = useState('');
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'secret'>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ secret: secret === '' ? 'Enter the new client secret.' : undefined }),
      async () => {
        setOutcome(null);
        try {
          const updated = await api.put<FederationConnectionView>(connectionPath(connection.id), {
            ...identityOf(connection),
            clientSecret: secret,
          });
          onChanged(updated);
          setSecret('');
          setOutcome({ kind: 'done', text: 'The client secret is replaced; the next sign-in uses it.' });
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <EditSection
      heading="Client secret"
      outcome={outcome}
      failedTitle="The client secret was not replaced"
      notice={
        <p data-testid="client-secret-state">
          {connection.hasClientSecret
            ? 'A client secret is set. It is stored encrypted and is never shown.'
            : 'No client secret is set: the token request uses PKCE only.'}
        </p>
      }
      formRef={formRef}
      busy={busy}
      onSubmit={onSubmit}
      editable={canWrite}
      submitLabel="Replace secret"
    >
      <TextField
        type="password"
        autoComplete="off"
        label="New client secret"
        value={secret}
        maxLength={2000}
        error={fieldErrors.secret}
        onChange={(event) => setSecret(event.target.value)}
      />
    </EditSection>
  );
}
