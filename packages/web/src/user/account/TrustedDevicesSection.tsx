import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { approvalComparison, formatApprovalCode, formatFingerprint } from '../../shared/zk';
import { isStepUpCancelled, useStepUp } from '../components/StepUp';
import { describeError } from '../error-text';
import type { Unlocked } from '../zk/custody';
import {
  fetchDevices,
  fetchPendingApprovals,
  type PendingApproval,
  revokeDevice,
  type TrustedDevice,
} from '../zk/devices-api';
import { unlockWithHeldSecrets } from '../zk/held-unlock';
import { fetchKeybag, fetchUnlockPolicy, type Keybag, type UnlockPolicy } from '../zk/keybag-api';
import { approvePending, thisDeviceId, trustThisDevice, unlockWithThisDevice } from '../zk/trusted-device';
import { UnlockOnPage } from '../zk/UnlockOnPage';

type Pending = PendingApproval & { code: string; fingerprint: string };

type Load =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | {
      state: 'ready';
      keybag: Keybag;
      policy: UnlockPolicy;
      devices: TrustedDevice[];
      thisDevice: string | null;
      pending: Pending[];
    };

/** What waits for the key to be unlocked on this page (the ways to unlock it are shown until then). */
type KeyAction = { kind: 'trust' } | { kind: 'approve'; pending: Pending };

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'never');

/**
 * Trusted devices on the account page (docs/zk.md §3.5, §3.6): the browsers that unlock the user's key without a
 * password, revoking them, making this browser one, and approving a new device that waits (after comparing its
 * code and fingerprint). Approving and trusting need the key unlocked here: with this browser's device key, what
 * the sign-in left in this page (its export key or passkey PRF output), or else what the account has and its
 * policy lets unlock — the password asked again (never for an account without one, §3.7), a passkey, the recovery
 * key.
 */
export function TrustedDevicesSection({
  email,
  userId,
  csrfToken,
  onCsrfToken,
}: {
  email: string;
  userId: string;
  csrfToken: string;
  onCsrfToken: (csrfToken: string) => void;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [unlocked, setUnlocked] = useState<Unlocked | null>(null);
  const [waiting, setWaiting] = useState<KeyAction | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const stepUp = useStepUp(csrfToken, onCsrfToken);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger.
  useEffect(() => {
    let current = true;
    (async () => {
      const [keybag, policy] = await Promise.all([fetchKeybag(), fetchUnlockPolicy()]);
      const devices = keybag.exists ? await fetchDevices() : [];
      const approvals = policy.methods.includes('trusted_device_approval')
        ? await fetchPendingApprovals()
        : [];
      const pending = await Promise.all(
        approvals.map(async (approval) => ({
          ...approval,
          ...(await approvalComparison(approval.public_jwk)),
        })),
      );
      const thisDevice = await thisDeviceId(userId);
      if (current) setLoad({ state: 'ready', keybag, policy, devices, thisDevice, pending });
    })().catch((error: unknown) => current && setLoad({ state: 'failed', error }));
    return () => {
      current = false;
    };
  }, [userId, generation]);

  if (load.state === 'loading') return wrap(<Loading>Loading your devices…</Loading>);
  if (load.state === 'failed') return wrap(<p className="muted">{describeError(load.error)}</p>);
  if (!load.keybag.exists) {
    return wrap(<p className="muted">Your encryption key is set up the first time an app asks for it.</p>);
  }
  const { keybag, policy, devices, thisDevice, pending } = load;
  const isTrusted = thisDevice !== null && devices.some((device) => device.device_id === thisDevice);
  const mayTrust = policy.allowed_envelope_types.includes('trusted_device');

  async function withKey(action: KeyAction, key: Unlocked) {
    setFailure(null);
    try {
      if (action.kind === 'trust') {
        await trustThisDevice(userId, keybag, key, csrfToken);
        setMessage('This browser is now a trusted device.');
      } else {
        await approvePending(keybag, key, action.pending, csrfToken);
        setMessage(`${action.pending.label} is approved. It unlocks your key now.`);
      }
      setWaiting(null);
      reload();
    } catch (error) {
      setFailure(error);
    }
  }

  /** Runs `action` with the key unlocked here, unlocking it first without asking when this page can. */
  async function start(action: KeyAction) {
    setMessage(null);
    const key =
      unlocked ??
      (await unlockWithThisDevice(userId, keybag, csrfToken)) ??
      (await unlockWithHeldSecrets(keybag, email));
    if (key) {
      setUnlocked(key);
      await withKey(action, key);
    } else {
      setWaiting(action);
    }
  }

  async function revoke(device: TrustedDevice) {
    setMessage(null);
    setFailure(null);
    try {
      await stepUp.run((token) => revokeDevice(device.device_id, token));
      setMessage(`${device.label} can no longer unlock your key.`);
      reload();
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error);
    }
  }

  return wrap(
    <>
      {devices.length === 0 ? (
        <p className="muted">No browser unlocks your key by itself yet.</p>
      ) : (
        <ul className="device-list" aria-label="Trusted devices">
          {devices.map((device) => (
            <li key={device.device_id} data-testid="trusted-device">
              <strong>{device.label || 'A browser'}</strong>
              {device.device_id === thisDevice ? ' (this browser)' : null}
              <span className="muted">
                {' '}
                · added {day(device.created_at)} · last used {day(device.last_used_at)}
              </span>{' '}
              <Button variant="danger" onClick={() => void revoke(device)}>
                Revoke {device.label || 'device'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!isTrusted && mayTrust ? (
        <div className="form-actions">
          <Button variant="secondary" onClick={() => void start({ kind: 'trust' })}>
            Trust this browser
          </Button>
        </div>
      ) : null}
      {pending.length > 0 ? (
        <div>
          <h3>Devices waiting for approval</h3>
          <p>Approve a device only if it shows exactly this code and fingerprint.</p>
          <ul className="device-list">
            {pending.map((request) => (
              <li key={request.id} data-testid="pending-device">
                <strong>{request.label}</strong> · code{' '}
                <strong data-testid="pending-code">{formatApprovalCode(request.code)}</strong> · fingerprint{' '}
                <code data-testid="pending-fingerprint">{formatFingerprint(request.fingerprint)}</code>{' '}
                <Button onClick={() => void start({ kind: 'approve', pending: request })}>Approve</Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {waiting ? (
        <UnlockOnPage
          email={email}
          keybag={keybag}
          policy={policy}
          purpose={
            waiting.kind === 'trust'
              ? 'Trusting this browser needs your key unlocked here.'
              : `Approving ${waiting.pending.label} needs your key unlocked here.`
          }
          onUnlocked={async (key) => {
            setUnlocked(key);
            await withKey(waiting, key);
          }}
          onCancel={() => setWaiting(null)}
        />
      ) : null}
      {message ? <p role="status">{message}</p> : null}
      {failure ? (
        <ErrorPanel title="That did not work">
          <p>{describeError(failure)}</p>
        </ErrorPanel>
      ) : null}
      {stepUp.prompt}
    </>,
  );
}

function wrap(content: ReactNode) {
  return (
    <section className="section" aria-labelledby="devices-heading">
      <h2 id="devices-heading">Trusted devices</h2>
      {content}
    </section>
  );
}
