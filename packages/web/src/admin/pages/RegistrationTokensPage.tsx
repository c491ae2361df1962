import { type FormEvent, useId, useState } from 'react';
import type { AdminApiBody, AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
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

type TokenCreated = AdminApiResponse<'POST /admin/initial-access-tokens'>;

const DAY_SECONDS = 86_400;

/** A whole number typed in a field, or undefined when empty; NaN for anything else. */
function wholeNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  return /^[0-9]+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/**
 * Initial access tokens for Dynamic Client Registration (docs/client-registration.md): every admin sees the list; a
 * write admin issues one (its value shown exactly once) and revokes one.
 */
export function RegistrationTokensPage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const formHeadingId = useId();
  const tokens = useLoad('initial-access-tokens', (signal) =>
    api.get<AdminApiResponse<'GET /admin/initial-access-tokens'>>('/admin/initial-access-tokens', signal),
  );
  const [description, setDescription] = useState('');
  const [days, setDays] = useState('7');
  const [maxUses, setMaxUses] = useState('1');
  const [created, setCreated] = useState<TokenCreated | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'description' | 'days' | 'maxUses'>();

  function onCreate(event: FormEvent<HTMLFormElement>) {
    const lifetime = wholeNumber(days);
    const uses = wholeNumber(maxUses);
    return submit(
      event,
      () => ({
        description:
          description.trim() === '' ? 'Say who the token is for, e.g. the partner or tool.' : undefined,
        days:
          lifetime === undefined || Number.isNaN(lifetime) || lifetime < 1 || lifetime > 365
            ? 'Enter a number of days from 1 to 365.'
            : undefined,
        maxUses:
          uses !== undefined && (Number.isNaN(uses) || uses < 1 || uses > 1_000_000)
            ? 'Enter a number from 1, or leave it empty for no limit.'
            : undefined,
      }),
      async () => {
        setOutcome(null);
        setCreated(null);
        try {
          const token = await api.post<TokenCreated>('/admin/initial-access-tokens', {
            description: description.trim(),
            expires_in_seconds: (lifetime ?? 7) * DAY_SECONDS,
            max_uses: uses ?? null,
          } satisfies AdminApiBody<'POST /admin/initial-access-tokens'>);
          setCreated(token);
          setDescription('');
          tokens.reload();
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  async function revoke(tokenId: string, tokenDescription: string) {
    setOutcome(null);
    setCreated(null);
    try {
      await api.delete(`/admin/initial-access-tokens/${encodeURIComponent(tokenId)}`);
      setOutcome({
        kind: 'done',
        text: `The token “${tokenDescription}” is revoked: no client can be registered with it any more.`,
      });
      tokens.reload();
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <AdminLayout title="Registration tokens">
      <ReadOnlyNotice />
      <p>
        Apps register their own OAuth clients at <code>/register</code> (Dynamic Client Registration) with one
        of these initial access tokens as a bearer token (<code>Authorization: Bearer tessera_iat_…</code>).
        Clients registered this way need each user’s consent and start off the apps dashboard. Open
        registration, without a token, is a setting (<code>client_registration.open</code>).
      </p>
      <OutcomeMessage outcome={outcome} failedTitle="That did not work" />
      {created ? (
        <SecretReveal
          title="New registration token"
          label={`Token “${created.description}”`}
          secret={created.token}
        />
      ) : null}
      <LoadedView load={tokens} failedTitle="The tokens could not be loaded">
        {(data) =>
          data.tokens.length === 0 ? (
            <p>There is no registration token yet.</p>
          ) : (
            <DataTable
              caption="Registration tokens"
              columns={[
                'For',
                'Starts with',
                'Clients registered',
                'Status',
                'Created',
                'Expires',
                'Actions',
              ]}
              busy={tokens.loading}
            >
              {data.tokens.map((token) => (
                <tr key={token.id} data-testid="registration-token">
                  <th scope="row">{token.description}</th>
                  <td>
                    <code>{token.prefix}</code>
                  </td>
                  <td>
                    {token.uses}
                    {token.max_uses === null ? '' : ` of ${token.max_uses}`}
                  </td>
                  <td>{token.status.replace('_', ' ')}</td>
                  <td>
                    <Time value={token.created_at} />
                  </td>
                  <td>
                    <Time value={token.expires_at} />
                  </td>
                  <td>
                    {canWrite && token.status === 'active' ? (
                      <ConfirmAction
                        label={`Revoke ${token.description}`}
                        question={
                          <p>
                            Revoke “{token.description}”? No client can be registered with it any more; the
                            clients it registered stay.
                          </p>
                        }
                        confirmLabel="Revoke token"
                        busyLabel="Revoking…"
                        onConfirm={() => revoke(token.id, token.description)}
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
          <h2 id={formHeadingId}>Issue a token</h2>
          <form ref={formRef} noValidate onSubmit={onCreate} aria-busy={busy}>
            <TextField
              label="For"
              hint="Who or what registers clients with it."
              value={description}
              maxLength={200}
              error={fieldErrors.description}
              onChange={(event) => setDescription(event.target.value)}
            />
            <TextField
              label="Valid for (days)"
              inputMode="numeric"
              value={days}
              error={fieldErrors.days}
              onChange={(event) => setDays(event.target.value)}
            />
            <TextField
              label="Clients it may register"
              hint="Leave empty for no limit until it expires."
              inputMode="numeric"
              value={maxUses}
              error={fieldErrors.maxUses}
              onChange={(event) => setMaxUses(event.target.value)}
            />
            <div className="form-actions">
              <Button type="submit" disabled={busy}>
                {busy ? 'Issuing…' : 'Issue token'}
              </Button>
            </div>
          </form>
        </section>
      ) : null}
    </AdminLayout>
  );
}
