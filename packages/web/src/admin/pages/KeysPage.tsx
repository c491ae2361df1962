import { useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { CheckboxField } from '../../shared/CheckboxField';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { AdminLayout } from '../components/AdminLayout';
import { ConfirmAction } from '../components/ConfirmAction';
import { DataTable } from '../components/DataTable';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { describeError } from '../error-text';
import { relativeTime, Time } from '../format';
import type { AdminMessageKey } from '../i18n/messages';
import { rich, t } from '../i18n/text';
import { useAdmin, useAdminApi } from '../session';
import { type KeyView, SIGNING_ALGS, type SigningAlg } from '../types';
import { useLoad } from '../use-load';

const STATE_ORDER: Record<string, number> = { current: 0, next: 1, retired: 2 };

const STATE_TEXT: Record<string, AdminMessageKey> = {
  current: 'keys.state.current',
  next: 'keys.state.next',
  retired: 'keys.state.retired',
};

/** What happens to a key next, and when. */
function nextChange(key: KeyView): { text: string; at: string | null } {
  if (key.state === 'next') {
    return key.becomes_current_after
      ? { text: t('keys.change.becomesCurrent'), at: key.becomes_current_after }
      : { text: t('keys.change.waitsForRotation'), at: null };
  }
  if (key.state === 'current') return { text: t('keys.change.signsUntilRotation'), at: null };
  if (key.state === 'retired' && key.removed_after)
    return { text: t('keys.change.removedAfter'), at: key.removed_after };
  return { text: '—', at: null };
}

/** Signing keys: each key's state and when it changes, and a rotation control. */
export function KeysPage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const keys = useLoad('keys', (signal) =>
    api.get<AdminApiResponse<'GET /admin/keys'>>('/admin/keys', signal),
  );
  const [algorithms, setAlgorithms] = useState<Set<SigningAlg>>(() => new Set(SIGNING_ALGS));
  const [outcome, setOutcome] = useState<{ kind: 'done' } | { kind: 'failed'; error: unknown } | null>(null);

  const sorted = [...(keys.data?.keys ?? [])].sort(
    (a, b) =>
      a.alg.localeCompare(b.alg) ||
      (STATE_ORDER[a.state] ?? 9) - (STATE_ORDER[b.state] ?? 9) ||
      b.created_at.localeCompare(a.created_at),
  );

  async function rotate() {
    setOutcome(null);
    try {
      const result = await api.post<AdminApiResponse<'POST /admin/keys/rotate'>>('/admin/keys/rotate', {
        algorithms: [...algorithms],
      });
      keys.setData(result);
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <AdminLayout title={t('keys.title')}>
      <ReadOnlyNotice />
      <p>
        {rich('keys.about', {
          current: <strong>{t('keys.about.current')}</strong>,
          next: <strong>{t('keys.about.next')}</strong>,
        })}
      </p>
      {keys.error ? (
        <ErrorPanel title={t('keys.loadFailed')}>
          <p>{describeError(keys.error)}</p>
        </ErrorPanel>
      ) : null}
      {keys.data === undefined ? (
        keys.loading ? (
          <Loading />
        ) : null
      ) : (
        <DataTable
          caption={t('keys.table.caption')}
          columns={[
            t('keys.column.kid'),
            t('keys.column.algorithm'),
            t('keys.column.state'),
            t('keys.column.created'),
            t('keys.column.activated'),
            t('keys.column.nextChange'),
          ]}
          testId="signing-keys"
        >
          {sorted.map((key) => {
            const change = nextChange(key);
            return (
              <tr key={key.kid} data-state={key.state}>
                <th scope="row">
                  <code className="kid">{key.kid}</code>
                </th>
                <td>{key.alg}</td>
                <td>
                  <span className={`status-badge key-${key.state}`}>
                    {Object.hasOwn(STATE_TEXT, key.state) ? t(STATE_TEXT[key.state]!) : key.state}
                  </span>
                </td>
                <td>
                  <Time value={key.created_at} />
                </td>
                <td>
                  {key.activated_at ? <Time value={key.activated_at} /> : <span className="muted">—</span>}
                </td>
                <td>
                  {change.text}
                  {change.at ? (
                    <>
                      {' '}
                      <Time value={change.at} /> <span className="muted">({relativeTime(change.at)})</span>
                    </>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {canWrite ? (
        <section className="section" aria-labelledby="rotate-heading">
          <h2 id="rotate-heading">{t('keys.rotate.heading')}</h2>
          {outcome?.kind === 'done' ? (
            <Notice title={t('keys.rotate.done.title')}>
              <p>{t('keys.rotate.done.body')}</p>
            </Notice>
          ) : null}
          {outcome?.kind === 'failed' ? (
            <ErrorPanel title={t('keys.rotate.failed')}>
              <p>{describeError(outcome.error)}</p>
            </ErrorPanel>
          ) : null}
          <fieldset className="radio-group">
            <legend>{t('keys.rotate.algorithms')}</legend>
            {SIGNING_ALGS.map((alg) => (
              <CheckboxField
                key={alg}
                label={alg}
                checked={algorithms.has(alg)}
                onChange={(event) => {
                  const next = new Set(algorithms);
                  if (event.target.checked) next.add(alg);
                  else next.delete(alg);
                  setAlgorithms(next);
                }}
              />
            ))}
          </fieldset>
          <ConfirmAction
            label={t('keys.rotate.label')}
            disabled={algorithms.size === 0}
            danger={false}
            question={<p>{t('keys.rotate.question', { algorithms: [...algorithms].join(', ') })}</p>}
            confirmLabel={t('keys.rotate.confirm')}
            busyLabel={t('keys.rotate.busy')}
            onConfirm={rotate}
          />
        </section>
      ) : null}
    </AdminLayout>
  );
}
