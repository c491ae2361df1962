import { type FormEvent, useId, useState } from 'react';
import type { AdminApiBody, AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { CheckboxGroup } from '../../shared/CheckboxGroup';
import { TextField } from '../../shared/TextField';
import { useCheckedSubmit } from '../../shared/use-checked-submit';
import { AdminLayout } from '../components/AdminLayout';
import { ConfirmAction } from '../components/ConfirmAction';
import { DataTable } from '../components/DataTable';
import { LoadedView } from '../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../components/OutcomeMessage';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { SecretReveal } from '../components/SecretReveal';
import { Time } from '../format';
import { useAdmin, useAdminApi } from '../session';
import { useLoad } from '../use-load';

type TokenCreated = AdminApiResponse<'POST /admin/tokens'>;
type Scope = NonNullable<AdminApiBody<'POST /admin/tokens'>>['scopes'][number];

/** The scopes a token may hold (docs/admin-api-tokens.md), in the order the form lists them. */
const SCOPE_OPTIONS: { value: Scope; label: string; hint?: string }[] = [
  { value: 'read', label: 'Read everything', hint: 'Every list and detail of the areas below' },
  { value: 'users:write', label: 'Change users' },
  { value: 'clients:write', label: 'Change clients', hint: 'Secrets included' },
  { value: 'organizations:write', label: 'Change organizations' },
  { value: 'settings:write', label: 'Change settings', hint: 'Settings, email templates, branding' },
  { value: 'keys:write', label: 'Rotate signing keys' },
  { value: 'scim:write', label: 'Change SCIM connections and tokens' },
  { value: 'federation:write', label: 'Change federation connections' },
  { value: 'audit:write', label: 'Read the audit log only', hint: 'The log takes no changes' },
  { value: 'webhooks:write', label: 'Change webhooks' },
];

/** A date field's value (local midnight at the end of that day) as the instant the API takes, or an error. */
function expiryOf(day: string): { expiresAt?: string; error?: string } {
  if (day === '') return {};
  const end = new Date(`${day}T23:59:59`);
  if (Number.isNaN(end.getTime())) return { error: 'Enter a date.' };
  if (end <= new Date()) return { error: 'Choose a day after today.' };
  return { expiresAt: end.toISOString() };
}

/**
 * Admin API tokens for CI jobs, tooling and scripts (docs/admin-api-tokens.md): every admin sees the list; a write
 * admin creates a token (its value shown exactly once) and revokes one.
 */
export function AdminTokensPage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const formHeadingId = useId();
  const tokens = useLoad('admin-tokens', (signal) =>
    api.get<AdminApiResponse<'GET /admin/tokens'>>('/admin/tokens', signal),
  );
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['read']);
  const [expiryDay, setExpiryDay] = useState('');
  const [created, setCreated] = useState<TokenCreated | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'name' | 'scopes' | 'expiry'>();

  function onCreate(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({
        name: name.trim() === '' ? 'Enter a name, e.g. the job or tool that uses the token.' : undefined,
        scopes: scopes.length === 0 ? 'Choose at least one scope.' : undefined,
        expiry: expiryOf(expiryDay).error,
      }),
      async () => {
        setOutcome(null);
        setCreated(null);
        try {
          const expiresAt = expiryOf(expiryDay).expiresAt;
          const token = await api.post<TokenCreated>('/admin/tokens', {
            name: name.trim(),
            scopes,
            ...(expiresAt ? { expiresAt } : {}),
          } satisfies AdminApiBody<'POST /admin/tokens'>);
          setCreated(token);
          setName('');
          setScopes(['read']);
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
    setCreated(null);
    try {
      await api.delete(`/admin/tokens/${encodeURIComponent(tokenId)}`);
      setOutcome({
        kind: 'done',
        text: `The token “${tokenName}” is revoked: calls made with it now fail, on every node.`,
      });
      tokens.reload();
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <AdminLayout title="API tokens">
      <ReadOnlyNotice />
      <p>
        CI jobs, tooling and scripts call the admin API with one of these as a bearer token (
        <code>Authorization: Bearer tsa_…</code>) on the admin port. A token does only what its scopes allow,
        acts for the admin who created it, and can never manage tokens or admins.
      </p>
      <OutcomeMessage outcome={outcome} failedTitle="That did not work" />
      {created ? (
        <SecretReveal title="New API token" label={`Token “${created.name}”`} secret={created.token} />
      ) : null}
      <LoadedView load={tokens} failedTitle="The tokens could not be loaded">
        {(data) =>
          data.tokens.length === 0 ? (
            <p>There is no API token yet.</p>
          ) : (
            <DataTable
              caption="API tokens"
              columns={[
                'Name',
                'Starts with',
                'Scopes',
                'Created by',
                'Status',
                'Last used',
                'Expires',
                'Actions',
              ]}
              busy={tokens.loading}
            >
              {data.tokens.map((token) => (
                <tr key={token.id} data-testid="admin-token">
                  <th scope="row">{token.name}</th>
                  <td>
                    <code>{token.prefix}</code>
                  </td>
                  <td>{token.scopes.join(', ')}</td>
                  <td>
                    {token.createdBy.email}, <Time value={token.createdAt} />
                  </td>
                  <td>{token.status}</td>
                  <td>{token.lastUsedAt ? <Time value={token.lastUsedAt} /> : 'Never'}</td>
                  <td>{token.expiresAt ? <Time value={token.expiresAt} /> : 'Never'}</td>
                  <td>
                    {canWrite && token.status === 'active' ? (
                      <ConfirmAction
                        label={`Revoke ${token.name}`}
                        question={
                          <p>
                            Revoke “{token.name}”? Every call made with it fails from now on; whatever uses it
                            needs a new token.
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
      {canWrite ? (
        <section className="section" aria-labelledby={formHeadingId}>
          <h2 id={formHeadingId}>Create a token</h2>
          <form ref={formRef} noValidate onSubmit={onCreate} aria-busy={busy}>
            <TextField
              label="Token name"
              value={name}
              maxLength={200}
              error={fieldErrors.name}
              onChange={(event) => setName(event.target.value)}
            />
            <CheckboxGroup
              legend="Scopes"
              hint="A change scope also allows reading its own area."
              error={fieldErrors.scopes}
              options={SCOPE_OPTIONS}
              selected={scopes}
              onChange={(selected) => setScopes(selected as Scope[])}
            />
            <TextField
              label="Expires (optional)"
              hint="The token stops working at the end of this day. Leave empty for no expiry."
              type="date"
              value={expiryDay}
              error={fieldErrors.expiry}
              onChange={(event) => setExpiryDay(event.target.value)}
            />
            <div className="form-actions">
              <Button type="submit" disabled={busy}>
                {busy ? 'Creating…' : 'Create token'}
              </Button>
            </div>
          </form>
        </section>
      ) : null}
    </AdminLayout>
  );
}
