import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import type { MessageKey, Translator } from '../../shared/i18n/translator';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { TextField } from '../../shared/TextField';
import { parseRecoveryKey, RecoveryKeyError, recoveryKeySecret } from '../../shared/zk';
import { isStepUpCancelled, useStepUp } from '../components/StepUp';
import { describeError, recoveryKeyErrorText } from '../error-text';
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

type EnvelopeType = 'password' | 'recovery_key' | 'passkey_prf' | 'trusted_device';
const TYPES: readonly string[] = ['password', 'recovery_key', 'passkey_prf', 'trusted_device'];
const typeOf = (envelope: Envelope): EnvelopeType | null =>
  TYPES.includes(envelope.type) ? (envelope.type as EnvelopeType) : null;

const TYPE_NAMES: Record<EnvelopeType, MessageKey> = {
  password: 'keybag.type.password',
  recovery_key: 'keybag.type.recovery_key',
  passkey_prf: 'keybag.type.passkey_prf',
  trusted_device: 'keybag.type.trusted_device',
};
/** What removing an envelope does, said before (the question) and after (the notice), by type. */
const REMOVAL: Record<EnvelopeType, { ask: MessageKey; done: MessageKey }> = {
  password: { ask: 'keybag.remove.ask.password', done: 'keybag.remove.done.password' },
  recovery_key: { ask: 'keybag.remove.ask.recovery_key', done: 'keybag.remove.done.recovery_key' },
  passkey_prf: { ask: 'keybag.remove.ask.passkey_prf', done: 'keybag.remove.done.passkey_prf' },
  trusted_device: { ask: 'keybag.remove.ask.trusted_device', done: 'keybag.remove.done.trusted_device' },
};

function nameOf(envelope: Envelope, t: Translator['t']): string {
  const type = typeOf(envelope);
  return type ? t(TYPE_NAMES[type]) : envelope.type;
}

/** The envelope's own name (a passkey's, a device's), else its type's. */
const labelOf = (envelope: Envelope, t: Translator['t']) => envelope.label ?? nameOf(envelope, t);

function removalText(envelope: Envelope, which: 'ask' | 'done', t: Translator['t']): string {
  const type = typeOf(envelope);
  return type
    ? t(REMOVAL[type][which], { label: labelOf(envelope, t) })
    : t(which === 'ask' ? 'keybag.remove.ask.other' : 'keybag.remove.done.other', { label: envelope.type });
}

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
  /** The envelope whose removal waits for the user's yes. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const stepUp = useStepUp(csrfToken, onCsrfToken);
  const { t, rich, date } = useI18n();
  const when = (iso: string | null) => (iso === null ? t('keybag.never') : date(iso));

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

  if (load.state === 'loading') return <Loading>{t('keybag.loading')}</Loading>;
  if (load.state === 'failed') {
    return (
      <section className="section" aria-labelledby="keybag-heading">
        <h2 id="keybag-heading">{t('keybag.title')}</h2>
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
      <h2 id="keybag-heading">{t('keybag.title')}</h2>
      {accountKey === null ? (
        <p>{t('keybag.none')}</p>
      ) : (
        <>
          <p>
            {t('keybag.intro', {
              created: when(accountKey.created_at),
              lastUsed: when(accountKey.last_unlocked_at),
            })}
          </p>
          <h3>{t('keybag.opensIt')}</h3>
          <ul className="envelope-list" aria-label={t('keybag.opensItLabel')}>
            {keybag.envelopes.map((envelope) => (
              <li key={envelope.id} data-testid="envelope">
                <strong>{nameOf(envelope, t)}</strong>
                {envelope.label ? <span> — {envelope.label}</span> : null}
                <br />
                <span className="muted">
                  {rich('keybag.envelopeDates', {
                    added: when(envelope.created_at),
                    lastUsed: <span data-testid="envelope-last-used">{when(envelope.last_used_at)}</span>,
                  })}
                  {envelope.status === 'stale' ? ` ${t('keybag.stale')}` : null}
                </span>
                {confirming === envelope.id ? (
                  <fieldset className="confirm-panel" aria-label={t('keybag.remove.confirmLabel')}>
                    <p>{removalText(envelope, 'ask', t)}</p>
                    <div className="form-actions">
                      <Button
                        variant="danger"
                        onClick={() => {
                          setConfirming(null);
                          return change(
                            () => stepUp.run((token) => deleteEnvelope(envelope.id, token)),
                            removalText(envelope, 'done', t),
                          );
                        }}
                      >
                        {t('keybag.remove.confirm')}
                      </Button>
                      <Button variant="secondary" onClick={() => setConfirming(null)}>
                        {t('keybag.remove.cancel')}
                      </Button>
                    </div>
                  </fieldset>
                ) : (
                  <div className="form-actions">
                    {lastThatUnlocks(envelope) ? (
                      <span className="muted">{t('keybag.needed')}</span>
                    ) : (
                      <Button
                        variant="secondary"
                        aria-label={t('keybag.remove.label', {
                          name: nameOf(envelope, t),
                          label: envelope.label ?? '',
                        }).trim()}
                        onClick={() => {
                          setNotice(null);
                          setFailure(null);
                          setConfirming(envelope.id);
                        }}
                      >
                        {t('keybag.remove.button')}
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
          {policy.allowed_envelope_types.includes('recovery_key') && step.kind === 'idle' ? (
            <div className="form-actions">
              <Button variant="secondary" onClick={() => startNewRecoveryKey().catch(setFailure)}>
                {replaces ? t('keybag.replaceRecoveryKey') : t('keybag.createRecoveryKey')}
              </Button>
            </div>
          ) : null}
          {step.kind === 'unlock' ? (
            <UnlockOnPage
              email={email}
              keybag={keybag}
              policy={policy}
              purpose={t('keybag.unlockPurpose')}
              onUnlocked={toCeremony}
              onCancel={() => setStep({ kind: 'idle' })}
            />
          ) : null}
          {step.kind === 'ceremony' ? (
            <RecoveryKeyConfirm
              ceremony={step.ceremony}
              failureTitle={t('keybag.saveFailed')}
              intro={<p>{replaces ? t('keybag.replacesOld') : t('keybag.opensYourKey')}</p>}
              onConfirmed={async () => {
                await stepUp.run((token) =>
                  addRecoveryKey(keybag, step.unlocked, step.ceremony.secret, replaces, token),
                );
                setStep({ kind: 'idle' });
                setNotice(t('keybag.recoveryKeySaved'));
                await reload();
              }}
            />
          ) : null}
          {stepUp.prompt}
          {notice ? <Notice title={notice} /> : null}
          {failure ? (
            <ErrorPanel title={t('keybag.failed')}>
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
  const { t } = useI18n();

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
        setError(t('keybag.check.wrong'));
      }
    } catch (failed) {
      setError(failed instanceof RecoveryKeyError ? recoveryKeyErrorText(failed) : describeError(failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={check} noValidate>
      <h3>{t('keybag.check.title')}</h3>
      <TextField
        label={t('keybag.check.label')}
        hint={t('keybag.check.hint')}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={error}
      />
      <div className="form-actions">
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? t('common.checking') : t('keybag.check.submit')}
        </Button>
      </div>
      {result === 'opens' ? (
        <Notice title={t('keybag.check.opens')}>
          <p>{t('keybag.check.keepSafe')}</p>
        </Notice>
      ) : null}
    </form>
  );
}
