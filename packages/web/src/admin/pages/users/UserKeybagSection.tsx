import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { ConfirmAction } from '../../components/ConfirmAction';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { Time } from '../../format';
import { useAdmin, useAdminApi } from '../../session';
import type { UserView } from '../../types';
import { useLoad } from '../../use-load';

type KeybagSummary = AdminApiResponse<'GET /admin/users/{userId}/keybag'>;

const TYPE_NAMES: Record<string, string> = {
  password: 'Password',
  recovery_key: 'Recovery key',
  passkey_prf: 'Passkey',
  trusted_device: 'Trusted device',
};

/**
 * The user's encryption key custody as the server sees it (docs/zk.md §4, §7): whether a keybag exists, its
 * version and dates, and each envelope's type, label, status and use — metadata only, the server holds nothing
 * that opens it. A write admin may reset it (audited): every app's key for this user changes, and data encrypted
 * under the old keys is lost for good.
 */
export function UserKeybagSection({ user }: { user: UserView }) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/users/${encodeURIComponent(user.id)}/keybag`;
  const keybag = useLoad(path, (signal) => api.get<KeybagSummary>(path, signal));
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function reset() {
    setOutcome(null);
    try {
      await api.delete(path);
      setOutcome({
        kind: 'done',
        text: 'The encryption key is reset. The user sets up a new one at their next app sign-in that needs it.',
      });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    keybag.reload();
  }

  return (
    <section className="section" aria-labelledby="keybag-heading">
      <h2 id="keybag-heading">Encryption key</h2>
      <OutcomeMessage outcome={outcome} failedTitle="The encryption key was not reset" />
      <LoadedView load={keybag} failedTitle="The encryption key state could not be loaded">
        {(summary) =>
          summary.exists ? (
            <>
              <dl className="summary-list" data-testid="keybag-state" aria-busy={keybag.loading}>
                <div>
                  <dt>Status</dt>
                  <dd>Set up (version {summary.version})</dd>
                </div>
                <div>
                  <dt>Created</dt>
                  <dd>
                    <Time value={summary.created_at} />
                  </dd>
                </div>
                <div>
                  <dt>Last rotated</dt>
                  <dd>
                    <Time value={summary.rotated_at} />
                  </dd>
                </div>
                <div>
                  <dt>Last used by an app</dt>
                  <dd>
                    <Time value={summary.last_unlocked_at} />
                  </dd>
                </div>
              </dl>
              <div className="table-wrap">
                <table className="data-table" data-testid="keybag-envelopes">
                  <caption>What opens it</caption>
                  <thead>
                    <tr>
                      <th scope="col">Type</th>
                      <th scope="col">Label</th>
                      <th scope="col">Status</th>
                      <th scope="col">Added</th>
                      <th scope="col">Last used</th>
                    </tr>
                  </thead>
                  <tbody>
                    {summary.envelopes.map((envelope) => (
                      <tr key={envelope.id}>
                        <th scope="row">{TYPE_NAMES[envelope.type] ?? envelope.type}</th>
                        <td>{envelope.label || '—'}</td>
                        <td>
                          {envelope.status === 'usable' ? 'Opens the key' : 'Stale (password replaced)'}
                        </td>
                        <td>
                          <Time value={envelope.created_at} />
                        </td>
                        <td>
                          <Time value={envelope.last_used_at} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {canWrite ? (
                <div className="form-actions">
                  <ConfirmAction
                    label="Reset encryption key"
                    question={
                      <ErrorPanel title="Data encrypted under this key will be lost">
                        <p>
                          Reset the encryption key of <strong>{user.email}</strong>? Every app gets a new key
                          for them, and nothing their apps encrypted under the old key can be decrypted again
                          — not by them, not by you, not by the service. Only do this when they cannot unlock
                          it in any way and accept losing that data.
                        </p>
                      </ErrorPanel>
                    }
                    confirmLabel="Reset and lose the data"
                    busyLabel="Resetting…"
                    onConfirm={reset}
                  />
                </div>
              ) : null}
            </>
          ) : (
            <p data-testid="keybag-state">
              No encryption key: it is set up the first time an app that encrypts their data asks for it.
            </p>
          )
        }
      </LoadedView>
    </section>
  );
}
