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
import { useAdmin, useAdminApi } from '../session';
import { type KeyView, SIGNING_ALGS, type SigningAlg } from '../types';
import { useLoad } from '../use-load';

const STATE_ORDER: Record<string, number> = { current: 0, next: 1, retired: 2 };

const STATE_TEXT: Record<string, string> = {
  current: 'Current (signing)',
  next: 'Next (published)',
  retired: 'Retired (still published)',
};

/** What happens to a key next, and when. */
function nextChange(key: KeyView): { text: string; at: string | null } {
  if (key.state === 'next') {
    return key.becomes_current_after
      ? { text: 'Becomes current after', at: key.becomes_current_after }
      : { text: 'Waits for the next rotation to become current', at: null };
  }
  if (key.state === 'current') return { text: 'Signs until the next rotation', at: null };
  if (key.state === 'retired' && key.removed_after)
    return { text: 'Removed from the key set after', at: key.removed_after };
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
    <AdminLayout title="Signing keys">
      <ReadOnlyNotice />
      <p>
        Tokens are signed with the <strong>current</strong> key of each algorithm. A rotation publishes a new{' '}
        <strong>next</strong> key first, so apps that cache the key set learn it before it signs anything; the
        waiting next key becomes current once it has been published long enough, and the old current key is
        retired and later removed.
      </p>
      {keys.error ? (
        <ErrorPanel title="The keys could not be loaded">
          <p>{describeError(keys.error)}</p>
        </ErrorPanel>
      ) : null}
      {keys.data === undefined ? (
        keys.loading ? (
          <Loading />
        ) : null
      ) : (
        <DataTable
          caption="Signing keys"
          columns={['Key ID', 'Algorithm', 'State', 'Created', 'Activated', 'Next change']}
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
                    {STATE_TEXT[key.state] ?? key.state}
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
          <h2 id="rotate-heading">Rotate keys</h2>
          {outcome?.kind === 'done' ? (
            <Notice title="Rotation started">
              <p>The table above shows when each key changes state.</p>
            </Notice>
          ) : null}
          {outcome?.kind === 'failed' ? (
            <ErrorPanel title="The keys were not rotated">
              <p>{describeError(outcome.error)}</p>
            </ErrorPanel>
          ) : null}
          <fieldset className="radio-group">
            <legend>Algorithms to rotate</legend>
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
            label="Rotate signing keys"
            disabled={algorithms.size === 0}
            danger={false}
            question={
              <p>
                Rotate {[...algorithms].join(', ')}? Waiting next keys are scheduled to become current and new
                next keys are published. Tokens already issued stay valid.
              </p>
            }
            confirmLabel="Rotate now"
            busyLabel="Rotating…"
            onConfirm={rotate}
          />
        </section>
      ) : null}
    </AdminLayout>
  );
}
