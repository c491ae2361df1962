import { type FormEvent, useId, useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Button } from '../../../shared/Button';
import { TextField } from '../../../shared/TextField';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { ConfirmAction } from '../../components/ConfirmAction';
import { DataTable } from '../../components/DataTable';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { SecretReveal } from '../../components/SecretReveal';
import { Time } from '../../format';
import { withQuery } from '../../navigation';
import type { ScimTokenCreated } from '../../scim-types';
import { useAdminApi } from '../../session';
import { useLoad } from '../../use-load';

/** A date field's value (local midnight at the end of that day) as the instant the API takes, or an error. */
function expiryOf(day: string): { expiresAt?: string; error?: string } {
  if (day === '') return {};
  const end = new Date(`${day}T23:59:59`);
  if (Number.isNaN(end.getTime())) return { error: 'Enter a date.' };
  if (end <= new Date()) return { error: 'Choose a day after today.' };
  return { expiresAt: end.toISOString() };
}

/**
 * A connection's bearer tokens (docs/scim.md#admin-api-admin-port): metadata only, a new token shown exactly
 * once, revocation. Token management is for write admins, so read-only admins never see this section.
 */
export function ScimTokensSection({ connectionId }: { connectionId: string }) {
  const headingId = useId();
  const api = useAdminApi();
  const tokens = useLoad(connectionId, (signal) =>
    api.get<AdminApiResponse<'GET /admin/scim/tokens'>>(
      withQuery('/admin/scim/tokens', { connectionId }),
      signal,
    ),
  );
  const [name, setName] = useState('');
  const [expiryDay, setExpiryDay] = useState('');
  const [created, setCreated] = useState<ScimTokenCreated | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'name' | 'expiry'>();

  function onCreate(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({
        name: name.trim() === '' ? 'Enter a name, e.g. where the token is configured.' : undefined,
        expiry: expiryOf(expiryDay).error,
      }),
      async () => {
        setOutcome(null);
        setCreated(null);
        try {
          const token = await api.post<ScimTokenCreated>('/admin/scim/tokens', {
            name: name.trim(),
            connectionId,
            ...(expiryOf(expiryDay).expiresAt ? { expiresAt: expiryOf(expiryDay).expiresAt } : {}),
          });
          setCreated(token);
          setName('');
          setExpiryDay('');
          tokens.reload();
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  async function revoke(tokenId: string, tokenName: string) {
    setOutcome(null);
    try {
      await api.delete(`/admin/scim/tokens/${encodeURIComponent(tokenId)}`);
      setOutcome({
        kind: 'done',
        text: `The token “${tokenName}” is revoked: requests made with it now fail.`,
      });
      tokens.reload();
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>Tokens</h2>
      <p>
        The identity provider sends one of these as its bearer token (“Secret Token” in Entra ID, “API Token”
        in Okta). A token works only for this connection.
      </p>
      <OutcomeMessage outcome={outcome} failedTitle="That did not work" />
      {created ? (
        <SecretReveal title="New token" label={`Token “${created.name}”`} secret={created.token} />
      ) : null}
      <LoadedView load={tokens} failedTitle="The tokens could not be loaded">
        {(data) =>
          data.tokens.length === 0 ? (
            <p>This connection has no token yet.</p>
          ) : (
            <DataTable
              caption="Tokens of this connection"
              columns={['Name', 'Starts with', 'Status', 'Last used', 'Expires', 'Actions']}
              busy={tokens.loading}
            >
              {data.tokens.map((token) => (
                <tr key={token.id} data-testid="scim-token">
                  <th scope="row">{token.name}</th>
                  <td>
                    <code>{token.prefix}</code>
                  </td>
                  <td>{token.status}</td>
                  <td>{token.lastUsedAt ? <Time value={token.lastUsedAt} /> : 'Never'}</td>
                  <td>{token.expiresAt ? <Time value={token.expiresAt} /> : 'Never'}</td>
                  <td>
                    {token.status === 'active' ? (
                      <ConfirmAction
                        label={`Revoke ${token.name}`}
                        question={
                          <p>
                            Revoke “{token.name}”? The identity provider’s requests with it fail until it is
                            given a new token.
                          </p>
                        }
                        confirmLabel="Revoke token"
                        busyLabel="Revoking…"
                        onConfirm={() => revoke(token.id, token.name)}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
      <form ref={formRef} noValidate onSubmit={onCreate} aria-busy={busy}>
        <fieldset className="form-fieldset">
          <legend>Create a token</legend>
          <TextField
            label="Token name"
            value={name}
            maxLength={200}
            error={fieldErrors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label="Expires (optional)"
            hint="The token stops working at the end of this day. Leave empty for no expiry."
            type="date"
            value={expiryDay}
            error={fieldErrors.expiry}
            onChange={(event) => setExpiryDay(event.target.value)}
          />
        </fieldset>
        <div className="form-actions">
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? 'Creating…' : 'Create token'}
          </Button>
        </div>
      </form>
    </section>
  );
}
