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
import { t } from '../../i18n/text';
import { withQuery } from '../../navigation';
import type { ScimTokenCreated } from '../../scim-types';
import { useAdminApi } from '../../session';
import { useLoad } from '../../use-load';

/** A date field's value (local midnight at the end of that day) as the instant the API takes, or an error. */
function expiryOf(day: string): { expiresAt?: string; error?: string } {
  if (day === '') return {};
  const end = new Date(`${day}T23:59:59`);
  if (Number.isNaN(end.getTime())) return { error: t('scim.tokens.expiry.invalid') };
  if (end <= new Date()) return { error: t('scim.tokens.expiry.past') };
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
        name: name.trim() === '' ? t('scim.tokens.name.missing') : undefined,
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
      setOutcome({ kind: 'done', text: t('scim.tokens.revoked', { name: tokenName }) });
      tokens.reload();
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('scim.tokens.heading')}</h2>
      <p>{t('scim.tokens.intro')}</p>
      <OutcomeMessage outcome={outcome} failedTitle={t('scim.tokens.failed')} />
      {created ? (
        <SecretReveal
          title={t('scim.tokens.reveal')}
          label={t('scim.tokens.revealLabel', { name: created.name })}
          secret={created.token}
        />
      ) : null}
      <LoadedView load={tokens} failedTitle={t('scim.tokens.loadFailed')}>
        {(data) =>
          data.tokens.length === 0 ? (
            <p>{t('scim.tokens.empty')}</p>
          ) : (
            <DataTable
              caption={t('scim.tokens.caption')}
              columns={[
                t('scim.tokens.column.name'),
                t('scim.tokens.column.prefix'),
                t('scim.tokens.column.status'),
                t('scim.tokens.column.lastUsed'),
                t('scim.tokens.column.expires'),
                t('scim.tokens.column.actions'),
              ]}
              busy={tokens.loading}
            >
              {data.tokens.map((token) => (
                <tr key={token.id} data-testid="scim-token">
                  <th scope="row">{token.name}</th>
                  <td>
                    <code>{token.prefix}</code>
                  </td>
                  <td>{token.status}</td>
                  <td>{token.lastUsedAt ? <Time value={token.lastUsedAt} /> : t('scim.tokens.never')}</td>
                  <td>{token.expiresAt ? <Time value={token.expiresAt} /> : t('scim.tokens.never')}</td>
                  <td>
                    {token.status === 'active' ? (
                      <ConfirmAction
                        label={t('scim.tokens.revoke', { name: token.name })}
                        question={<p>{t('scim.tokens.revoke.question', { name: token.name })}</p>}
                        confirmLabel={t('scim.tokens.revoke.confirm')}
                        busyLabel={t('scim.tokens.revoking')}
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
          <legend>{t('scim.tokens.form.legend')}</legend>
          <TextField
            label={t('scim.tokens.form.name')}
            value={name}
            maxLength={200}
            error={fieldErrors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={t('scim.tokens.form.expiry')}
            hint={t('scim.tokens.form.expiry.hint')}
            type="date"
            value={expiryDay}
            error={fieldErrors.expiry}
            onChange={(event) => setExpiryDay(event.target.value)}
          />
        </fieldset>
        <div className="form-actions">
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? t('scim.tokens.form.busy') : t('scim.tokens.form.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
