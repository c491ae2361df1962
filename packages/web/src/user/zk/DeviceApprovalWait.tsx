import { useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
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
      <h3>Unlock with another device</h3>
      {state.kind === 'waiting' ? (
        <>
          <p>
            On a device where your key is unlocked, open your account page and approve this device under
            “Trusted devices”. Check that it shows the same code and fingerprint.
          </p>
          <p>
            Code: <strong data-testid="approval-code">{formatApprovalCode(state.code)}</strong>
          </p>
          <p>
            Fingerprint:{' '}
            <code data-testid="approval-fingerprint">{formatFingerprint(state.fingerprint)}</code>
          </p>
          <p role="status">Waiting for approval…</p>
        </>
      ) : (
        <>
          {state.kind === 'failed' ? (
            <ErrorPanel title="This device was not approved">
              <p>{describeError(state.error)}</p>
            </ErrorPanel>
          ) : (
            <p>If your key is unlocked on another device, you can approve this one from there.</p>
          )}
          <div className="form-actions">
            <Button variant="secondary" onClick={() => void start()}>
              {state.kind === 'failed' ? 'Try again' : 'Approve from another device'}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
