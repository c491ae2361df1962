import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
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
  const { t, rich, date } = useI18n();
  const day = (iso: string | null) => (iso ? date(iso, { dateStyle: 'medium' }) : t('keybag.never'));
  const wrap = (content: ReactNode) => (
    <section className="section" aria-labelledby="devices-heading">
      <h2 id="devices-heading">{t('devices.title')}</h2>
      {content}
    </section>
  );

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

  if (load.state === 'loading') return wrap(<Loading>{t('devices.loading')}</Loading>);
  if (load.state === 'failed') return wrap(<p className="muted">{describeError(load.error)}</p>);
  if (!load.keybag.exists) {
    return wrap(<p className="muted">{t('devices.noKey')}</p>);
  }
  const { keybag, policy, devices, thisDevice, pending } = load;
  const isTrusted = thisDevice !== null && devices.some((device) => device.device_id === thisDevice);
  const mayTrust = policy.allowed_envelope_types.includes('trusted_device');

  async function withKey(action: KeyAction, key: Unlocked) {
    setFailure(null);
    try {
      if (action.kind === 'trust') {
        await trustThisDevice(userId, keybag, key, csrfToken);
        setMessage(t('devices.trusted'));
      } else {
        await approvePending(keybag, key, action.pending, csrfToken);
        setMessage(t('devices.approved', { label: action.pending.label }));
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
      setMessage(t('devices.revoked', { label: device.label || t('devices.aBrowser') }));
      reload();
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error);
    }
  }

  return wrap(
    <>
      {devices.length === 0 ? (
        <p className="muted">{t('devices.none')}</p>
      ) : (
        <ul className="device-list" aria-label={t('devices.title')}>
          {devices.map((device) => (
            <li key={device.device_id} data-testid="trusted-device">
              <strong>{device.label || t('devices.aBrowser')}</strong>
              {device.device_id === thisDevice ? ` ${t('devices.thisBrowser')}` : null}
              <span className="muted">
                {' · '}
                {t('devices.dates', { added: day(device.created_at), lastUsed: day(device.last_used_at) })}
              </span>{' '}
              <Button variant="danger" onClick={() => void revoke(device)}>
                {t('devices.revoke', { label: device.label || t('devices.device') })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!isTrusted && mayTrust ? (
        <div className="form-actions">
          <Button variant="secondary" onClick={() => void start({ kind: 'trust' })}>
            {t('devices.trustThis')}
          </Button>
        </div>
      ) : null}
      {pending.length > 0 ? (
        <div>
          <h3>{t('devices.waitingTitle')}</h3>
          <p>{t('devices.waitingText')}</p>
          <ul className="device-list">
            {pending.map((request) => (
              <li key={request.id} data-testid="pending-device">
                <strong>{request.label}</strong>
                {' · '}
                {rich('devices.codeAndFingerprint', {
                  code: <strong data-testid="pending-code">{formatApprovalCode(request.code)}</strong>,
                  fingerprint: (
                    <code data-testid="pending-fingerprint">{formatFingerprint(request.fingerprint)}</code>
                  ),
                })}{' '}
                <Button onClick={() => void start({ kind: 'approve', pending: request })}>
                  {t('devices.approve')}
                </Button>
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
              ? t('devices.trustNeedsKey')
              : t('devices.approveNeedsKey', { label: waiting.pending.label })
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
        <ErrorPanel title={t('keybag.failed')}>
          <p>{describeError(failure)}</p>
        </ErrorPanel>
      ) : null}
      {stepUp.prompt}
    </>,
  );
}
