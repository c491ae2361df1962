import { useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { approvalComparison, formatApprovalCode, formatFingerprint } from '../../shared/zk';
import { describeError } from '../error-text';
import type { Unlocked } from './custody';
import type { Keybag } from './keybag-api';
import { askForApproval, pollApproval, trustThisDevice, type WaitingRequest } from './trusted-device';

/** How often the waiting device asks whether it was approved. */
const POLL_INTERVAL_MS = 2000;

type State =
  | { kind: 'idle' }
  | { kind: 'waiting'; request: WaitingRequest; code: string; fingerprint: string }
  | { kind: 'failed'; error: unknown };

/**
 * The new device's side of trusted-device approval (docs/zk.md §3.6): asks, shows the code and fingerprint to
 * compare on the unlocked device, waits for the approval, opens it, and makes this browser a trusted device.
 */
export function DeviceApprovalWait({
  userId,
  keybag,
  csrfToken,
  onUnlocked,
}: {
  userId: string;
  keybag: Keybag;
  csrfToken: string;
  onUnlocked: (unlocked: Unlocked) => void;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const tokenRef = useRef(csrfToken);
  tokenRef.current = csrfToken;
  const onUnlockedRef = useRef(onUnlocked);
  onUnlockedRef.current = onUnlocked;
  const { t, rich } = useI18n();

  useEffect(() => {
    if (state.kind !== 'waiting') return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const unlocked = await pollApproval(keybag, state.request, tokenRef.current);
        if (!current) return;
        if (unlocked === null) {
          timer = setTimeout(poll, POLL_INTERVAL_MS);
          return;
        }
        // Best effort: the key is unlocked either way; without the envelope this browser asks again next time.
        await trustThisDevice(userId, keybag, unlocked, tokenRef.current).catch(() => undefined);
        if (current) onUnlockedRef.current(unlocked);
      } catch (error) {
        if (current) setState({ kind: 'failed', error });
      }
    };
    timer = setTimeout(poll, POLL_INTERVAL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [state, keybag, userId]);

  async function start() {
    try {
      const request = await askForApproval(tokenRef.current);
      const { code, fingerprint } = await approvalComparison(request.key.publicJwk);
      setState({ kind: 'waiting', request, code, fingerprint });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  }

  return (
    <div className="device-approval">
      <h3>{t('approval.title')}</h3>
      {state.kind === 'waiting' ? (
        <>
          <p>{t('approval.instructions', { section: t('devices.title') })}</p>
          <p>
            {rich('approval.code', {
              code: <strong data-testid="approval-code">{formatApprovalCode(state.code)}</strong>,
            })}
          </p>
          <p>
            {rich('approval.fingerprint', {
              fingerprint: (
                <code data-testid="approval-fingerprint">{formatFingerprint(state.fingerprint)}</code>
              ),
            })}
          </p>
          <p role="status">{t('approval.waiting')}</p>
        </>
      ) : (
        <>
          {state.kind === 'failed' ? (
            <ErrorPanel title={t('approval.failed')}>
              <p>{describeError(state.error)}</p>
            </ErrorPanel>
          ) : (
            <p>{t('approval.offer')}</p>
          )}
          <div className="form-actions">
            <Button variant="secondary" onClick={() => void start()}>
              {state.kind === 'failed' ? t('approval.tryAgain') : t('approval.start')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
