import { useState } from 'react';
import { Button } from '../../../shared/Button';
import type { OtpStatus, OtpStatusName } from '../../../shared/otp';
import { ConfirmAction } from '../../components/ConfirmAction';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { Time } from '../../format';
import { useAdmin, useAdminApi } from '../../session';
import type { UserView } from '../../types';
import { useLoad } from '../../use-load';

const STATUS_TEXT: Record<OtpStatusName, string> = {
  enabled: 'On',
  locked: 'On, locked after too many wrong codes',
  pending: 'Being set up (not finished)',
  required: 'Off, but required: they set it up at their next sign-in',
  disabled: 'Off',
};

/**
 * The user's second factor (TOTP) as the server sees it; write admins reset it (the authenticator app and backup
 * codes stop working; a user who must have one sets it up again at the next sign-in) or lift a lockout.
 */
export function UserOtpSection({ user }: { user: UserView }) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/users/${encodeURIComponent(user.id)}/otp`;
  const otp = useLoad(path, (signal) => api.get<OtpStatus>(path, signal));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [unlocking, setUnlocking] = useState(false);

  async function reset() {
    setOutcome(null);
    try {
      await api.delete(path);
      setOutcome({
        kind: 'done',
        text: otp.data?.required
          ? 'Two-step verification is reset: their app and backup codes no longer work, and they set it up again at their next sign-in.'
          : 'Two-step verification is reset: their app and backup codes no longer work.',
      });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
    otp.reload();
  }

  async function unlock() {
    setUnlocking(true);
    setOutcome(null);
    try {
      await api.post(`${path}/unlock`);
      setOutcome({ kind: 'done', text: 'The lock is lifted: they can enter codes again.' });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    } finally {
      setUnlocking(false);
    }
    otp.reload();
  }

  return (
    <section className="section" aria-labelledby="otp-heading">
      <h2 id="otp-heading">Two-step verification</h2>
      <OutcomeMessage outcome={outcome} failedTitle="Two-step verification was not changed" />
      <LoadedView load={otp} failedTitle="The two-step verification state could not be loaded">
        {(status) => (
          <>
            <dl className="summary-list" data-testid="otp-state" aria-busy={otp.loading}>
              <div>
                <dt>Status</dt>
                <dd data-status={status.status}>{STATUS_TEXT[status.status]}</dd>
              </div>
              <div>
                <dt>Required for them</dt>
                <dd>{status.required ? 'Yes' : 'No'}</dd>
              </div>
              {status.backup_codes_remaining !== null ? (
                <div>
                  <dt>Unused backup codes</dt>
                  <dd>{status.backup_codes_remaining}</dd>
                </div>
              ) : null}
              {status.locked_until ? (
                <div>
                  <dt>Locked until</dt>
                  <dd>
                    <Time value={status.locked_until} />
                  </dd>
                </div>
              ) : null}
            </dl>
            {canWrite ? (
              <div className="form-actions">
                {status.status === 'locked' ? (
                  <Button variant="secondary" disabled={unlocking} onClick={unlock}>
                    {unlocking ? 'Unlocking…' : 'Unlock two-step verification'}
                  </Button>
                ) : null}
                {status.enrolled || status.status === 'pending' ? (
                  <ConfirmAction
                    label="Reset two-step verification"
                    question={
                      <p>
                        Reset two-step verification of <strong>{user.email}</strong>? Their authenticator app
                        and backup codes stop working
                        {status.required ? ', and they set it up again at their next sign-in' : ''}.
                      </p>
                    }
                    confirmLabel="Reset now"
                    busyLabel="Resetting…"
                    onConfirm={reset}
                  />
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </LoadedView>
    </section>
  );
}
