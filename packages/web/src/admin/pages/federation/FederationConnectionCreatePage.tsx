import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/Button';
import { CheckboxField } from '../../../shared/CheckboxField';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { TextField } from '../../../shared/TextField';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { AdminLayout } from '../../components/AdminLayout';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { describeError } from '../../error-text';
import type { FederationConnectionView } from '../../federation-types';
import { goTo, withQuery } from '../../navigation';
import { useAdmin, useAdminApi } from '../../session';
import {
  type ConnectionDraft,
  type ConnectionFieldError,
  ConnectionFields,
  checkConnectionDraft,
  connectionBody,
  connectionDraft,
} from './ConnectionFields';
import { DiscoveryLookup } from './DiscoveryLookup';

/** Creates a connection from an issuer URL: discovery fills the endpoints, or the admin enters them. */
export function FederationConnectionCreatePage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [draft, setDraft] = useState<ConnectionDraft>(() => connectionDraft(null));
  const [clientSecret, setClientSecret] = useState('');
  const [enabled, setEnabled] = useState(true);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<ConnectionFieldError>();
  const [error, setError] = useState<unknown>(null);
  const change = (update: Partial<ConnectionDraft>) => setDraft((previous) => ({ ...previous, ...update }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => checkConnectionDraft(draft),
      async () => {
        setError(null);
        try {
          const created = await api.post<FederationConnectionView>('/admin/federation/connections', {
            ...connectionBody(draft, false),
            ...(clientSecret === '' ? {} : { clientSecret }),
            enabled,
          });
          goTo(withQuery(`/federation/${encodeURIComponent(created.id)}`, { created: '1' }));
        } catch (failed) {
          setError(failed);
        }
      },
    );
  }

  return (
    <AdminLayout
      title="Add a federation connection"
      breadcrumb={{ to: '/federation', label: 'All connections' }}
    >
      <ReadOnlyNotice />
      {error ? (
        <ErrorPanel title="The connection was not created">
          <p>{describeError(error)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <fieldset className="form-fieldset" disabled={!canWrite}>
          <ConnectionFields
            draft={draft}
            errors={fieldErrors}
            onChange={change}
            disabled={!canWrite}
            afterIssuer={
              <DiscoveryLookup
                issuer={draft.issuer}
                discoveryUrl={draft.discoveryUrl}
                disabled={!canWrite}
                onFound={change}
              />
            }
          />
          <TextField
            type="password"
            label="Client secret"
            hint="Optional (a public client uses PKCE only). Stored encrypted and never shown again."
            autoComplete="off"
            value={clientSecret}
            onChange={(event) => setClientSecret(event.target.value)}
          />
          <CheckboxField
            label="Enabled"
            hint="A disabled connection routes no one and refuses sign-ins."
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
          />
        </fieldset>
        {canWrite ? (
          <div className="form-actions">
            <Button type="submit" disabled={busy}>
              {busy ? 'Creating…' : 'Create connection'}
            </Button>
          </div>
        ) : null}
      </form>
    </AdminLayout>
  );
}
