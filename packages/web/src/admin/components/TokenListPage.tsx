import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../shared/Button';
import { type FieldErrors, useCheckedSubmit } from '../../shared/use-checked-submit';
import { t } from '../i18n/text';
import { useAdmin, useAdminApi } from '../session';
import { useLoad } from '../use-load';
import { AdminLayout } from './AdminLayout';
import { ConfirmAction } from './ConfirmAction';
import { DataTable } from './DataTable';
import { LoadedView } from './LoadedView';
import { type Outcome, OutcomeMessage } from './OutcomeMessage';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { SecretReveal } from './SecretReveal';

/** What every token list shows of a token: its id, the start of its value, and whether it can still be revoked. */
export interface ListedToken {
  id: string;
  prefix: string;
  status: string;
}

/** The form that issues a token: its fields (their state is the page's), checked, sent, then emptied. */
export interface TokenIssueForm<Field extends string> {
  heading: string;
  fields(errors: FieldErrors<Field>): ReactNode;
  check(): FieldErrors<Field>;
  body(): unknown;
  reset(): void;
  submitLabel: string;
  busyLabel: string;
}

/**
 * A page of bearer tokens an admin issues (admin API tokens, registration tokens): every admin sees the list; a
 * write admin issues one, whose value is shown exactly once, and revokes one after confirming.
 */
export function TokenListPage<Token extends ListedToken, Field extends string>({
  title,
  intro,
  path,
  nameOf,
  reveal,
  empty,
  caption,
  nameColumn,
  columns,
  rowTestId,
  cells,
  revokeQuestion,
  revokedText,
  form,
}: {
  title: string;
  intro: ReactNode;
  /** The admin API path: GET lists, POST issues, DELETE `<path>/<id>` revokes. */
  path: string;
  nameOf(token: Token): string;
  /** The heading of the value shown once. */
  reveal: string;
  empty: string;
  caption: string;
  nameColumn: string;
  /** The columns after the name and the prefix, before the actions. */
  columns: string[];
  rowTestId: string;
  cells(token: Token): ReactNode;
  revokeQuestion(name: string): string;
  revokedText(name: string): string;
  form: TokenIssueForm<Field>;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const formHeadingId = useId();
  const tokens = useLoad(path, (signal) => api.get<{ tokens: Token[] }>(path, signal));
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<Field>();

  function onIssue(event: FormEvent<HTMLFormElement>) {
    return submit(event, form.check, async () => {
      setOutcome(null);
      setCreated(null);
      try {
        const issued = await api.post<Token & { token: string }>(path, form.body());
        setCreated({ name: nameOf(issued), token: issued.token });
        form.reset();
        tokens.reload();
      } catch (error) {
        setOutcome({ kind: 'failed', error });
      }
    });
  }

  async function revoke(token: Token) {
    setOutcome(null);
    setCreated(null);
    try {
      await api.delete(`${path}/${encodeURIComponent(token.id)}`);
      setOutcome({ kind: 'done', text: revokedText(nameOf(token)) });
      tokens.reload();
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <AdminLayout title={title}>
      <ReadOnlyNotice />
      {intro}
      <OutcomeMessage outcome={outcome} failedTitle={t('tokens.list.failed')} />
      {created ? (
        <SecretReveal
          title={reveal}
          label={t('tokens.list.revealLabel', { name: created.name })}
          secret={created.token}
        />
      ) : null}
      <LoadedView load={tokens} failedTitle={t('tokens.list.loadFailed')}>
        {(data) =>
          data.tokens.length === 0 ? (
            <p>{empty}</p>
          ) : (
            <DataTable
              caption={caption}
              columns={[nameColumn, t('tokens.list.prefix'), ...columns, t('tokens.list.actions')]}
              busy={tokens.loading}
            >
              {data.tokens.map((token) => (
                <tr key={token.id} data-testid={rowTestId}>
                  <th scope="row">{nameOf(token)}</th>
                  <td>
                    <code>{token.prefix}</code>
                  </td>
                  {cells(token)}
                  <td>
                    {canWrite && token.status === 'active' ? (
                      <ConfirmAction
                        label={t('tokens.list.revoke', { name: nameOf(token) })}
                        question={<p>{revokeQuestion(nameOf(token))}</p>}
                        confirmLabel={t('tokens.list.revokeConfirm')}
                        busyLabel={t('tokens.list.revoking')}
                        onConfirm={() => revoke(token)}
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
          <h2 id={formHeadingId}>{form.heading}</h2>
          <form ref={formRef} noValidate onSubmit={onIssue} aria-busy={busy}>
            {form.fields(fieldErrors)}
            <div className="form-actions">
              <Button type="submit" disabled={busy}>
                {busy ? form.busyLabel : form.submitLabel}
              </Button>
            </div>
          </form>
        </section>
      ) : null}
    </AdminLayout>
  );
}
