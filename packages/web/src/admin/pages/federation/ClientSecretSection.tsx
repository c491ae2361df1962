import { type FormEvent, useState } from 'react';
import { TextField } from '../../../shared/TextField';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import type { ConnectionProps } from '../../components/connections/ConnectionDetail';
import { EditSection } from '../../components/EditSection';
import type { Outcome } from '../../components/OutcomeMessage';
import type { FederationConnectionView } from '../../federation-types';
import { t } from '../../i18n/text';
import { useAdmin, useAdminApi } from '../../session';
import { connectionPath, identityOf } from './connection-api';

/**
 * The client secret is write-only (docs/federation.md#admin-api-admin-port): the page says whether one is
 * set, and may replace it.
 */
export function ClientSecretSection({ connection, onChanged }: ConnectionProps<FederationConnectionView>) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [secret, setSecret] = useState('');
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'secret'>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ secret: secret === '' ? t('federation.secret.missing') : undefined }),
      async () => {
        setOutcome(null);
        try {
          const updated = await api.put<FederationConnectionView>(connectionPath(connection.id), {
            ...identityOf(connection),
            clientSecret: secret,
          });
          onChanged(updated);
          setSecret('');
          setOutcome({ kind: 'done', text: t('federation.secret.replaced') });
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <EditSection
      heading={t('federation.secret.heading')}
      outcome={outcome}
      failedTitle={t('federation.secret.failed')}
      notice={
        <p data-testid="client-secret-state">
          {connection.hasClientSecret ? t('federation.secret.set') : t('federation.secret.unset')}
        </p>
      }
      formRef={formRef}
      busy={busy}
      onSubmit={onSubmit}
      editable={canWrite}
      submitLabel={t('federation.secret.submit')}
    >
      <TextField
        type="password"
        autoComplete="off"
        label={t('federation.secret.new')}
        value={secret}
        maxLength={2000}
        error={fieldErrors.secret}
        onChange={(event) => setSecret(event.target.value)}
      />
    </EditSection>
  );
}
