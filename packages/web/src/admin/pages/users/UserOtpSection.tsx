import { useState } from 'react';
import { Button } from '../../../shared/Button';
import type { OtpStatus, OtpStatusName } from '../../../shared/otp';
import { ConfirmAction } from '../../components/ConfirmAction';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { Time } from '../../format';
import type { AdminMessageKey } from '../../i18n/messages';
import { rich, t } from '../../i18n/text';
import { useAdmin, useAdminApi } from '../../session';
import type { UserView } from '../../types';
import { useLoad } from '../../use-load';

const STATUS_TEXT: Record<OtpStatusName, AdminMessageKey> = {
  enabled: 'users.otp.status.enabled',
  locked: 'users.otp.status.locked',
  pending: 'users.otp.status.pending',
  required: 'users.otp.status.required',
  disabled: 'users.otp.status.disabled',
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
        text: otp.data?.required ? t('users.otp.reset.doneRequired') : t('users.otp.reset.done'),
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
      setOutcome({ kind: 'done', text: t('users.otp.unlock.done') });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    } finally {
      setUnlocking(false);
    }
    otp.reload();
  }

  return (
    <section className="section" aria-labelledby="otp-heading">
      <h2 id="otp-heading">{t('users.otp.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('users.otp.failed')} />
      <LoadedView load={otp} failedTitle={t('users.otp.loadFailed')}>
        {(status) => (
          <>
            <dl className="summary-list" data-testid="otp-state" aria-busy={otp.loading}>
              <div>
                <dt>{t('users.otp.status')}</dt>
                <dd data-status={status.status}>{t(STATUS_TEXT[status.status])}</dd>
              </div>
              <div>
                <dt>{t('users.otp.required')}</dt>
                <dd>{status.required ? t('users.yes') : t('users.no')}</dd>
              </div>
              {status.backup_codes_remaining !== null ? (
                <div>
                  <dt>{t('users.otp.backupCodesRemaining')}</dt>
                  <dd>{status.backup_codes_remaining}</dd>
                </div>
              ) : null}
              {status.locked_until ? (
                <div>
                  <dt>{t('users.otp.lockedUntil')}</dt>
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
                    {unlocking ? t('users.otp.unlock.busy') : t('users.otp.unlock.label')}
                  </Button>
                ) : null}
                {status.enrolled || status.status === 'pending' ? (
                  <ConfirmAction
                    label={t('users.otp.reset.label')}
                    question={
                      <p>
                        {rich(
                          status.required ? 'users.otp.reset.questionRequired' : 'users.otp.reset.question',
                          {
                            email: <strong>{user.email}</strong>,
                          },
                        )}
                      </p>
                    }
                    confirmLabel={t('users.otp.reset.confirm')}
                    busyLabel={t('users.otp.reset.busy')}
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
