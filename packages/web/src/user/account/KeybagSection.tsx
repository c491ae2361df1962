import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { TextField } from '../../shared/TextField';
import { parseRecoveryKey, RecoveryKeyError, recoveryKeySecret } from '../../shared/zk';
import { isStepUpCancelled, useStepUp } from '../components/StepUp';
import { describeError } from '../error-text';
import {
  addRecoveryKey,
  type RecoveryKeyCeremony,
  startRecoveryKeyCeremony,
  tryUnlock,
  type Unlocked,
} from '../zk/custody';
import { unlockWithHeldSecrets } from '../zk/held-unlock';
import {
  deleteEnvelope,
  fetchKeybag,
  fetchUnlockPolicy,
  type Keybag,
  type UnlockPolicy,
} from '../zk/keybag-api';
import { RecoveryKeyConfirm } from '../zk/RecoveryKeyConfirm';
import { UnlockOnPage } from '../zk/UnlockOnPage';

type Envelope = Keybag['envelopes'][number];

type Load =
  | { state: 'loading' }
  | { state: 'ready'; keybag: Keybag; policy: UnlockPolicy }
  | { state: 'failed'; error: unknown };

/**
 * The recovery-key step under way: unlocking (with the password, a passkey or the current recovery key), then the
 * new key's ceremony.
 */
type Step =
  | { kind: 'idle' }
  | { kind: 'unlock' }
  | { kind: 'ceremony'; unlocked: Unlocked; ceremony: RecoveryKeyCeremony };

const TYPE_NAMES: Record<string, string> = {
  password: 'Password',
  recovery_key: 'Recovery key',
  passkey_prf: 'Passkey',
  trusted_device: 'Trusted device',
};

const nameOf = (envelope: Envelope) => TYPE_NAMES[envelope.type] ?? envelope.type;

const when = (iso: string | null) => (iso === null ? 'never' : new Date(iso).toLocaleString());

/**
 * The account page's view of the user's encryption key (docs/zk.md §3, §4): whether there is one, the envelopes
 * that open it with their last use (§7.2), removing one (never the last that can unlock; step-up), a new recovery
 * key, and checking that a recovery key still opens the key without changing anything ("recovery verification").
 * The root key is unlocked here only to wrap a new recovery key, and only in this page's memory: with what the
 * sign-in left in this page, or else what the account has and its policy lets unlock — never a password the
 * account lacks (§3.7).
 */
export function KeybagSection({
  email,
  csrfToken,
  onCsrfToken,
}: {
  email: string;
  csrfToken: string;
  onCsrfToken: (csrfToken: string) => void;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const stepUp = useStepUp(csrfToken, onCsrfToken);

  const reload = useCallback(async () => {
    const [keybag, policy] = await Promise.all([fetchKeybag(), fetchUnlockPolicy()]);
    setLoad({ state: 'ready', keybag, policy });
  }, []);

  useEffect(() => {
    reload().catch((error: unknown) => setLoad({ state: 'failed', error }));
  }, [reload]);

  async function change(work: () => Promise<void>, done: string) {
    setNotice(null);
    setFailure(null);
    try {
      await work();
      setNotice(done);
    } catch (error) {
      if (!isStepUpCancelled(error)) setFailure(error);
    }
    await reload().catch((error: unknown) => setFailure(error));
  }

  if (load.state === 'loading') return <Loading>Loading your encryption key…</Loading>;
  if (load.state === 'failed') {
    return (
      <section className="section" aria-labelledby="keybag-heading">
        <h2 id="keybag-heading">Your encryption key</h2>
        <p className="muted">{describeError(load.error)}</p>
      </section>
    );
  }
  const { keybag, policy } = load;
  const accountKey = keybag.account_key;
  const canUnlock = (envelope: Envelope) =>
    envelope.status === 'usable' &&
    (policy.allowed_envelope_types as readonly string[]).includes(envelope.type);
  const lastThatUnlocks = (envelope: Envelope) =>
    canUnlock(envelope) && !keybag.envelopes.some((other) => other.id !== envelope.id && canUnlock(other));
  const recoveryKeys = keybag.envelopes.filter((envelope) => envelope.type === 'recovery_key');
  // One recovery key is replaced by the new one (atomic on the server); with none or several, it is added.
  const replaces = recoveryKeys.length === 1 ? recoveryKeys[0]!.id : null;

  async function toCeremony(unlocked: Unlocked) {
    setStep({ kind: 'ceremony', unlocked, ceremony: await startRecoveryKeyCeremony() });
  }

  async function startNewRecoveryKey() {
    setNotice(null);
    setFailure(null);
    const held = await unlockWithHeldSecrets(keybag, email);
    if (held) await toCeremony(held);
    else setStep({ kind: 'unlock' });
  }

  return (
    <section className="section" aria-labelledby="keybag-heading">
      <h2 id="keybag-heading">Your encryption key</h2>
      {accountKey === null ? (
        <p>
          You have no encryption key yet. It is set up the first time an app that encrypts your data asks for
          it.
        </p>
      ) : (
        <>
          <p>
            Apps that encrypt your data use a key only you can unlock; the sign-in service cannot read it. Set
            up {when(accountKey.created_at)}, last used by an app {when(accountKey.last_unlocked_at)}.
          </p>
          <h3>What opens it</h3>
          <ul className="envelope-list" aria-label="What opens your encryption key">
            {keybag.envelopes.map((envelope) => (
              <li key={envelope.id} data-testid="envelope">
                <strong>{nameOf(envelope)}</strong>
                {envelope.label ? <span> — {envelope.label}</span> : null}
                <br />
                <span className="muted">
                  Added {when(envelope.created_at)}; last used{' '}
                  <span data-testid="envelope-last-used">{when(envelope.last_used_at)}</span>
                  {envelope.status === 'stale'
                    ? '. No longer opens your key (your password was replaced).'
                    : ''}
                </span>
                <div className="form-actions">
                  {lastThatUnlocks(envelope) ? (
                    <span className="muted">Needed: nothing else opens your key.</span>
                  ) : (
                    <Button
                      variant="secondary"
                      aria-label={`Remove ${nameOf(envelope)} ${envelope.label}`.trim()}
                      onClick={() =>
                        change(
                          () => stepUp.run((token) => deleteEnvelope(envelope.id, token)),
                          `${nameOf(envelope)} removed.`,
                        )
                      }
                    >
                      Remove
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {policy.allowed_envelope_types.includes('recovery_key') && step.kind === 'idle' ? (
            <div className="form-actions">
              <Button variant="secondary" onClick={() => startNewRecoveryKey().catch(setFailure)}>
                {replaces ? 'Replace your recovery key' : 'Create a recovery key'}
              </Button>
            </div>
          ) : null}
          {step.kind === 'unlock' ? (
            <UnlockOnPage
              email={email}
              keybag={keybag}
              policy={policy}
              purpose="The new recovery key will open the same key, so it needs your key unlocked here."
              onUnlocked={toCeremony}
              onCancel={() => setStep({ kind: 'idle' })}
            />
          ) : null}
          {step.kind === 'ceremony' ? (
            <RecoveryKeyConfirm
              ceremony={step.ceremony}
              failureTitle="We could not save your recovery key"
              intro={
                <p>
                  {replaces
                    ? 'Your new recovery key replaces the old one, which will no longer open your key.'
                    : 'This recovery key opens your encryption key.'}
                </p>
              }
              onConfirmed={async () => {
                await stepUp.run((token) =>
                  addRecoveryKey(keybag, step.unlocked, step.ceremony.secret, replaces, token),
                );
                setStep({ kind: 'idle' });
                setNotice('Your new recovery key is saved.');
                await reload();
              }}
            />
          ) : null}
          {stepUp.prompt}
          {notice ? <Notice title={notice} /> : null}
          {failure ? (
            <ErrorPanel title="That did not work">
              <p>{describeError(failure)}</p>
            </ErrorPanel>
          ) : null}
          {recoveryKeys.length > 0 ? <CheckRecoveryKey keybag={keybag} /> : null}
        </>
      )}
    </section>
  );
}

/** Recovery verification (docs/zk.md §2.1): the typed key opens the keybag and passes the key check; nothing is sent. */
function CheckRecoveryKey({ keybag }: { keybag: Keybag }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<'opens' | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    setResult(null);
    try {
      const secret = await parseRecoveryKey(typed);
      if (await tryUnlock(keybag, recoveryKeySecret(secret))) {
        setResult('opens');
        setTyped('');
      } else {
        setError('This recovery key does not open your key.');
      }
    } catch (failed) {
      setError(failed instanceof RecoveryKeyError ? failed.message : describeError(failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={check} noValidate>
      <h3>Check a recovery key</h3>
      <TextField
        label="Recovery key to check"
        hint="Checked in this browser only; nothing changes."
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={error}
      />
      <div className="form-actions">
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Checking…' : 'Check'}
        </Button>
      </div>
      {result === 'opens' ? (
        <Notice title="This recovery key opens your key">
          <p>Keep it safe.</p>
        </Notice>
      ) : null}
    </form>
  );
}
