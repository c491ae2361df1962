import { useEffect, useState } from 'react';
import { Button } from '../../shared/Button';
import { CheckboxField } from '../../shared/CheckboxField';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import type { EnvelopeSecret } from '../../shared/zk';
import { useStepUp } from '../components/StepUp';
import { describeError } from '../error-text';
import type { SessionUser } from '../session';
import { AskPassword } from './AskPassword';
import {
  type PasskeyProtection,
  passwordEnvelopeOf,
  type RecoveryKeyCeremony,
  rewrapPasswordEnvelope,
  setUpAccountKey,
  startRecoveryKeyCeremony,
  tryUnlock,
  type Unlocked,
} from './custody';
import { DeviceApprovalWait } from './DeviceApprovalWait';
import {
  allowsEnvelopeType,
  type EnvelopeType,
  fetchKeybag,
  fetchUnlockPolicy,
  type Keybag,
  type UnlockPolicy,
} from './keybag-api';
import { heldPasskey } from './passkey-secret';
import { heldPasskeyProtection, newPasskeyProtection, tryPasskeyUnlock } from './passkey-unlock';
import { RecoveryKeyConfirm } from './RecoveryKeyConfirm';
import { signInSecretFor } from './sign-in-secret';
import { unlockWithThisDevice } from './trusted-device';
import {
  PasskeyUnlockChoice,
  RecoveryKeyUnlockChoice,
  usePasskeyUnlock,
  useRecoveryKeyUnlock,
} from './UnlockChoices';

/**
 * How the keybag came to be unlocked: opened (password), opened with the recovery key, set up for the first time,
 * or replaced by new-key setup (every app's key changes, §4).
 */
export type UnlockOutcome = 'unlocked' | 'recovered' | 'created' | 'new_key';

/**
 * The organization of the authorization the key is unlocked for, whose unlock policy finalize applies (docs/zk.md
 * §8.1): one organization (named by the app, or the user's only one); one the user picks on the consent page after
 * unlocking (the strictest combination of all of theirs then stands for whichever they pick); or none (the
 * service's policy: every envelope the keybag has may unlock).
 */
export type AuthorizationOrganization =
  | { kind: 'organization'; organizationId: string }
  | { kind: 'to_be_chosen' }
  | { kind: 'none' };

/**
 * A new key's envelopes, as the policy envelope creation is checked against allows (the strictest combination,
 * §8.1): the password, the recovery key (with its ceremony), or both. An account without a password (federated,
 * SCIM-provisioned, passkey-only: `has_password` false) gets no password envelope — nothing of its sign-in could
 * open one, and the server refuses it (§3.1) — and may protect the key with a passkey (PRF, §3.4) instead of, or
 * besides, the recovery key.
 */
interface SetupPlan {
  password: boolean;
  ceremony: RecoveryKeyCeremony | null;
  /** Whether a passkey may protect the key (offered to accounts without a password). */
  passkey: boolean;
  /** The account has a password, but the unlock policy (an organization's) does not let it protect the key. */
  passwordDisallowed: boolean;
}

/** The set-up the policy allows, or null when it allows no envelope this page can set a key up with. */
async function planSetup(setupPolicy: UnlockPolicy): Promise<SetupPlan | null> {
  const password = setupPolicy.has_password && allowsEnvelopeType(setupPolicy, 'password');
  const recovery = allowsEnvelopeType(setupPolicy, 'recovery_key');
  const passkey =
    !setupPolicy.has_password &&
    allowsEnvelopeType(setupPolicy, 'passkey_prf') &&
    typeof globalThis.PublicKeyCredential === 'function';
  if (!password && !recovery && !passkey) return null;
  return {
    password,
    passkey,
    passwordDisallowed: setupPolicy.has_password && !password,
    ceremony: recovery ? await startRecoveryKeyCeremony() : null,
  };
}

type Stage =
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  /**
   * The keybag exists and nothing at hand opened it (no password held, its envelope is stale, or the
   * authorization's organization does not allow it). `policy` is the authorization's (what may unlock),
   * `setupPolicy` the strictest combination (what envelopes may be added).
   */
  | { kind: 'locked'; keybag: Keybag; policy: UnlockPolicy; setupPolicy: UnlockPolicy }
  /** After a recovery-key unlock without the current password at hand: ask for it to re-wrap (or skip). */
  | { kind: 'rewrap'; keybag: Keybag; unlocked: Unlocked }
  /**
   * A new key: the first one (`keybag` null) or new-key setup. Needs the password when the plan has a password
   * envelope, then the recovery key ceremony when it has a recovery key.
   */
  | { kind: 'setup'; keybag: Keybag | null; plan: SetupPlan }
  /** The policy allows no envelope this page can set a key up with (neither password nor recovery key). */
  | { kind: 'setup_not_possible'; newKey: boolean; hasPassword: boolean }
  | { kind: 'new_key_warning'; keybag: Keybag; policy: UnlockPolicy; setupPolicy: UnlockPolicy }
  | { kind: 'done' };

/**
 * Unlocks the signed-in user's keybag for a ZK app's authorization (docs/zk.md §3, §4): with the export key of the
 * sign-in that just happened when there is one, otherwise with the password asked again, the recovery key, or
 * new-key setup where the policy allows it; for a user without a keybag it sets one up, with the envelopes the
 * policy allows (a recovery key shown once). With an organization context it uses only the unlock methods that
 * organization's policy allows (§8.1), so finalize is never sent a key opened in a way it refuses. Hands the
 * unlocked root key to `onUnlocked` (in memory only).
 */
export function KeyUnlock({
  user,
  clientName,
  organization,
  csrfToken,
  onCsrfToken,
  onUnlocked,
}: {
  user: SessionUser;
  clientName: string;
  organization: AuthorizationOrganization;
  csrfToken: string;
  onCsrfToken: (csrfToken: string) => void;
  onUnlocked: (unlocked: Unlocked, outcome: UnlockOutcome) => void;
}) {
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  // The current password's secret once known (held from sign-in, or typed here): it wraps new envelopes.
  const [password, setPassword] = useState<EnvelopeSecret | null>(() => signInSecretFor(user.email));
  const stepUp = useStepUp(csrfToken, onCsrfToken);
  const { t } = useI18n();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per signed-in user.
  useEffect(() => {
    let current = true;
    (async () => {
      // Envelope creation is checked against the strictest combination of the user's policies (§8.1).
      const [keybag, setupPolicy] = await Promise.all([fetchKeybag(), fetchUnlockPolicy()]);
      if (!keybag.exists || keybag.account_key === null) {
        const plan = await planSetup(setupPolicy);
        if (current) {
          setStage(
            plan
              ? { kind: 'setup', keybag: null, plan }
              : { kind: 'setup_not_possible', newKey: false, hasPassword: setupPolicy.has_password },
          );
        }
        return;
      }
      // Finalize applies the authorization's organization's policy; with the organization still to be picked,
      // the strictest combination stands for any of them.
      const policy =
        organization.kind === 'organization'
          ? await fetchUnlockPolicy(organization.organizationId)
          : setupPolicy;
      // Without an organization context the service's policy applies, which every envelope of the keybag passed.
      const mayUse = (type: EnvelopeType) => organization.kind === 'none' || allowsEnvelopeType(policy, type);
      // A trusted device opens the keybag without asking (docs/zk.md §3.5); then the sign-in's export key.
      const held = mayUse('password') ? signInSecretFor(user.email) : null;
      // Then the password this page signed in with, else the passkey it signed in with (its PRF envelope, §3.4).
      const unlocked =
        (mayUse('trusted_device') ? await unlockWithThisDevice(user.id, keybag, csrfToken) : null) ??
        (held ? await tryUnlock(keybag, held) : null) ??
        (mayUse('passkey_prf') ? await tryPasskeyUnlock(keybag) : null);
      if (!current) return;
      if (unlocked) {
        setStage({ kind: 'done' });
        onUnlocked(unlocked, 'unlocked');
      } else {
        setStage({ kind: 'locked', keybag, policy, setupPolicy });
      }
    })().catch((error: unknown) => current && setStage({ kind: 'failed', error }));
    return () => {
      current = false;
    };
  }, [user.id]);

  async function afterRecovery(
    keybag: Keybag,
    setupPolicy: UnlockPolicy,
    unlocked: Unlocked,
    secret: EnvelopeSecret | null,
  ) {
    if (!needsPasswordRewrap(keybag, setupPolicy)) {
      setStage({ kind: 'done' });
      onUnlocked(unlocked, 'recovered');
      return;
    }
    if (secret === null) {
      setStage({ kind: 'rewrap', keybag, unlocked });
      return;
    }
    // Best effort: the key is unlocked either way; without the re-wrap the recovery key is needed again next time.
    await stepUp
      .run((token) => rewrapPasswordEnvelope(keybag, unlocked, secret, token))
      .catch(() => undefined);
    setStage({ kind: 'done' });
    onUnlocked(unlocked, 'recovered');
  }

  // The step-up prompt (a current TOTP code, when enrolled) for the writes that need one — replacing the password
  // envelope, new-key setup — shown under whichever stage started them.
  return (
    <>
      {stageView()}
      {stepUp.prompt}
    </>
  );

  function stageView() {
    switch (stage.kind) {
      case 'loading':
        return <Loading>{t('zk.checking')}</Loading>;
      case 'failed':
        return (
          <ErrorPanel title={t('zk.loadFailed')}>
            <p>{describeError(stage.error)}</p>
          </ErrorPanel>
        );
      case 'done':
        return null;
      case 'locked':
        return (
          <>
            <PasskeyCannotUnlock />
            <LockedKeybag
              user={user}
              clientName={clientName}
              keybag={stage.keybag}
              policy={stage.policy}
              organizationPolicy={organization.kind === 'organization'}
              csrfToken={csrfToken}
              onPassword={(secret) => setPassword(secret)}
              onUnlocked={(unlocked) => {
                setStage({ kind: 'done' });
                onUnlocked(unlocked, 'unlocked');
              }}
              onRecovered={(unlocked, secret) =>
                afterRecovery(stage.keybag, stage.setupPolicy, unlocked, secret ?? password)
              }
              onNewKey={() =>
                setStage({
                  kind: 'new_key_warning',
                  keybag: stage.keybag,
                  policy: stage.policy,
                  setupPolicy: stage.setupPolicy,
                })
              }
            />
          </>
        );
      case 'rewrap':
        return (
          <section className="section" aria-labelledby="rewrap-heading">
            <h2 id="rewrap-heading">{t('zk.rewrap.title')}</h2>
            <p>{t('zk.rewrap.text')}</p>
            <AskPassword
              email={user.email}
              submitLabel={t('zk.rewrap.submit')}
              onSecret={async (secret) => {
                await stepUp.run((token) =>
                  rewrapPasswordEnvelope(stage.keybag, stage.unlocked, secret, token),
                );
                setStage({ kind: 'done' });
                onUnlocked(stage.unlocked, 'recovered');
              }}
            >
              <Button
                variant="secondary"
                onClick={() => {
                  setStage({ kind: 'done' });
                  onUnlocked(stage.unlocked, 'recovered');
                }}
              >
                {t('zk.rewrap.skip')}
              </Button>
            </AskPassword>
          </section>
        );
      case 'new_key_warning':
        return (
          <NewKeyWarning
            clientName={clientName}
            onContinue={async () => {
              const plan = await planSetup(stage.setupPolicy);
              setStage(
                plan
                  ? { kind: 'setup', keybag: stage.keybag, plan }
                  : {
                      kind: 'setup_not_possible',
                      newKey: true,
                      hasPassword: stage.setupPolicy.has_password,
                    },
              );
            }}
            onBack={() =>
              setStage({
                kind: 'locked',
                keybag: stage.keybag,
                policy: stage.policy,
                setupPolicy: stage.setupPolicy,
              })
            }
          />
        );
      case 'setup':
        return (
          <KeySetup
            user={user}
            clientName={clientName}
            newKey={stage.keybag !== null}
            plan={stage.plan}
            password={password}
            onPassword={setPassword}
            registerPasskey={(name) => stepUp.run((token) => newPasskeyProtection(name, token))}
            onConfirmed={async ({ password: secret, passkey }) => {
              const recovery = stage.plan.ceremony?.secret ?? null;
              const unlocked = await stepUp.run((token) =>
                setUpAccountKey(user.id, stage.keybag, { password: secret, recovery, passkey }, token),
              );
              setStage({ kind: 'done' });
              onUnlocked(unlocked, stage.keybag === null ? 'created' : 'new_key');
            }}
          />
        );
      case 'setup_not_possible':
        return <SetupNotPossible newKey={stage.newKey} hasPassword={stage.hasPassword} />;
    }
  }
}

/** The keybag exists but is locked: the password (when its envelope can still open), the recovery key, new-key setup. */
function LockedKeybag({
  user,
  clientName,
  keybag,
  policy,
  organizationPolicy,
  csrfToken,
  onPassword,
  onUnlocked,
  onRecovered,
  onNewKey,
}: {
  user: SessionUser;
  clientName: string;
  keybag: Keybag;
  /** What may unlock for this authorization (its organization's policy, or the strictest combination). */
  policy: UnlockPolicy;
  /** Whether `policy` is the authorization's organization's (said when it rules the password out). */
  organizationPolicy: boolean;
  csrfToken: string;
  onPassword: (secret: EnvelopeSecret) => void;
  onUnlocked: (unlocked: Unlocked) => void;
  onRecovered: (unlocked: Unlocked, passwordSecret: EnvelopeSecret | null) => Promise<void>;
  onNewKey: () => void;
}) {
  const passwordEnvelope = passwordEnvelopeOf(keybag);
  const stale = passwordEnvelope?.status === 'stale';
  const canUsePassword = policy.methods.includes('password');
  const passwordAllowed = allowsEnvelopeType(policy, 'password');
  const canUseRecoveryKey = policy.methods.includes('recovery_key');
  const canUsePasskey = policy.methods.includes('passkey_prf');
  const { t, rich } = useI18n();
  const passkeyUnlock = usePasskeyUnlock(keybag, onUnlocked, t('zk.locked.passkeyDidNotUnlock'));
  const canBeApproved = policy.methods.includes('trusted_device_approval');
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null);
  const recoveryUnlock = useRecoveryKeyUnlock(keybag, (unlocked) => onRecovered(unlocked, null));

  return (
    <section className="section" aria-labelledby="unlock-heading">
      <h2 id="unlock-heading">{t('zk.locked.title')}</h2>
      <p>{t('zk.locked.intro', { client: clientName })}</p>
      {organizationPolicy && passwordEnvelope !== null && !passwordAllowed ? (
        <Notice title={t('zk.locked.orgNoPasswordTitle')}>
          <p>{t('zk.locked.orgNoPasswordText', { client: clientName })}</p>
        </Notice>
      ) : null}
      {stale && passwordAllowed ? (
        <Notice title={t('zk.locked.staleTitle')}>
          <p>{t('zk.locked.staleText')}</p>
        </Notice>
      ) : null}
      {passwordProblem ? (
        <ErrorPanel title={t('zk.locked.passwordWrongTitle')}>
          <p>{passwordProblem}</p>
        </ErrorPanel>
      ) : null}
      {canUsePassword && !stale ? (
        <AskPassword
          email={user.email}
          submitLabel={t('zk.locked.withPassword')}
          onSecret={async (secret) => {
            onPassword(secret);
            const unlocked = await tryUnlock(keybag, secret);
            if (unlocked) onUnlocked(unlocked);
            else setPasswordProblem(t('zk.locked.useRecoveryKey'));
          }}
        />
      ) : null}
      {canUsePasskey ? (
        <PasskeyUnlockChoice
          problem={passkeyUnlock.problem}
          busy={passkeyUnlock.busy}
          primary={!(canUsePassword && !stale)}
          onUnlock={() => void passkeyUnlock.unlock()}
        />
      ) : null}
      {canUseRecoveryKey ? (
        <RecoveryKeyUnlockChoice
          label={t('keybag.type.recovery_key')}
          typed={recoveryUnlock.typed}
          onTyped={recoveryUnlock.setTyped}
          error={recoveryUnlock.error}
          busy={recoveryUnlock.busy}
          primary={!(canUsePassword && !stale)}
          onSubmit={(event) => void recoveryUnlock.submit(event)}
        />
      ) : null}
      {canBeApproved ? (
        <DeviceApprovalWait userId={user.id} keybag={keybag} csrfToken={csrfToken} onUnlocked={onUnlocked} />
      ) : null}
      {!canUsePassword &&
      !canUseRecoveryKey &&
      !canUsePasskey &&
      !canBeApproved &&
      !policy.methods.includes('new_key_setup') ? (
        <ErrorPanel title={t('zk.locked.noWayTitle')}>
          <p>{t('zk.askAdmin')}</p>
        </ErrorPanel>
      ) : null}
      {policy.methods.includes('new_key_setup') ? (
        <p>
          {rich('zk.locked.lostRecoveryKey', {
            button: (
              <Button variant="secondary" onClick={onNewKey}>
                {t('zk.newKey.title')}
              </Button>
            ),
          })}
        </p>
      ) : null}
    </section>
  );
}

/** The explicit warning before new-key setup: every app's key changes and what was encrypted under the old one is lost. */
function NewKeyWarning({
  clientName,
  onContinue,
  onBack,
}: {
  clientName: string;
  onContinue: () => Promise<void>;
  onBack: () => void;
}) {
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const { t } = useI18n();
  return (
    <section className="section" aria-labelledby="new-key-heading">
      <h2 id="new-key-heading">{t('zk.newKey.title')}</h2>
      <ErrorPanel title={t('zk.newKey.lossTitle')}>
        <p>{t('zk.newKey.lossText', { client: clientName })}</p>
      </ErrorPanel>
      <CheckboxField
        label={t('zk.newKey.understand')}
        checked={understood}
        onChange={(event) => setUnderstood(event.target.checked)}
      />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <Button
          variant="danger"
          onClick={() => {
            if (!understood) {
              setError(t('zk.newKey.confirmFirst'));
              return;
            }
            void onContinue();
          }}
        >
          {t('zk.newKey.title')}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {t('zk.back')}
        </Button>
      </div>
    </section>
  );
}

/** What protects a new key besides the recovery key: the password's secret, a passkey's. */
interface SetupSecrets {
  password: EnvelopeSecret | null;
  passkey: PasskeyProtection | null;
}

/**
 * A new key's set-up, with the envelopes the plan has: the password that protects it (asked when this page has no
 * sign-in export key), then the recovery key shown once, confirmed by typing one group back (§3.3). An account
 * without a password is never asked for one: it protects the key with a passkey (the one it signed in with when
 * that gave a PRF output, or a new one) and/or the recovery key (§3.1, §3.4).
 */
function KeySetup({
  user,
  clientName,
  newKey,
  plan,
  password,
  onPassword,
  registerPasskey,
  onConfirmed,
}: {
  user: SessionUser;
  clientName: string;
  newKey: boolean;
  plan: SetupPlan;
  password: EnvelopeSecret | null;
  onPassword: (secret: EnvelopeSecret) => void;
  /** Registers a new passkey; its protection, or null when it gave no PRF output. */
  registerPasskey: (name: string) => Promise<PasskeyProtection | null>;
  /** Stores the new key with these envelopes (null: none) and the plan's recovery key. */
  onConfirmed: (secrets: SetupSecrets) => Promise<void>;
}) {
  const { t } = useI18n();
  const heading = newKey ? t('zk.newKey.title') : t('zk.setup.title');
  if (!plan.password && plan.passkey) {
    return (
      <PasswordlessSetup
        heading={heading}
        clientName={clientName}
        newKey={newKey}
        plan={plan}
        registerPasskey={registerPasskey}
        onConfirmed={(passkey) => onConfirmed({ password: null, passkey })}
      />
    );
  }
  if (plan.password && password === null) {
    return (
      <section className="section" aria-labelledby="setup-heading">
        <h2 id="setup-heading">{heading}</h2>
        <p>{t('zk.setup.enterPassword', { client: clientName })}</p>
        <AskPassword
          email={user.email}
          submitLabel={t('common.continue')}
          onSecret={async (secret) => {
            onPassword(secret);
          }}
        />
      </section>
    );
  }
  const secret = plan.password ? password : null;
  if (plan.ceremony === null) {
    return (
      <PasswordOnlySetup
        heading={heading}
        clientName={clientName}
        onConfirm={() => onConfirmed({ password: secret, passkey: null })}
      />
    );
  }
  return (
    <RecoveryKeyConfirm
      ceremony={plan.ceremony}
      failureTitle={t('zk.setup.failed')}
      intro={
        newKey ? (
          <p>{t('zk.setup.newKeyReady', { client: clientName })}</p>
        ) : plan.password ? (
          <p>{t('zk.setup.passwordProtects', { client: clientName })}</p>
        ) : (
          <p>
            {plan.passwordDisallowed
              ? t('zk.setup.recoveryProtectsNoPassword', { client: clientName })
              : t('zk.setup.recoveryProtects', { client: clientName })}
          </p>
        )
      }
      onConfirmed={() => onConfirmed({ password: secret, passkey: null })}
    />
  );
}

/**
 * Set-up for an account without a password (federated, SCIM-provisioned, passkey-only): a passkey protects the key
 * — the one this page signed in with when it gave a PRF output, otherwise a new one registered here — and the
 * recovery key is shown once as well when the policy allows it (a lost passkey must not lose the data). Without a
 * passkey the recovery key alone protects it.
 */
function PasswordlessSetup({
  heading,
  clientName,
  newKey,
  plan,
  registerPasskey,
  onConfirmed,
}: {
  heading: string;
  clientName: string;
  newKey: boolean;
  plan: SetupPlan;
  registerPasskey: (name: string) => Promise<PasskeyProtection | null>;
  onConfirmed: (passkey: PasskeyProtection | null) => Promise<void>;
}) {
  const [step, setStep] = useState<'loading' | 'choose' | 'recovery' | 'confirm'>('loading');
  const [passkey, setPasskey] = useState<PasskeyProtection | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ceremony = plan.ceremony;
  const { t, date } = useI18n();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the passkey this page signed in with.
  useEffect(() => {
    let current = true;
    heldPasskeyProtection()
      .catch(() => null)
      .then((held) => {
        if (!current) return;
        if (held) {
          setPasskey(held);
          setStep(ceremony ? 'recovery' : 'confirm');
        } else setStep('choose');
      });
    return () => {
      current = false;
    };
  }, []);

  async function addPasskey() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const made = await registerPasskey(
        t('zk.setup.passkeyName', { date: date(new Date(), { dateStyle: 'medium' }) }),
      );
      if (!made) {
        setProblem(ceremony ? t('zk.setup.passkeyNoPrfOrRecovery') : t('zk.setup.passkeyNoPrf'));
        return;
      }
      setPasskey(made);
      setStep(ceremony ? 'recovery' : 'confirm');
    } catch (failed) {
      setProblem(describeError(failed));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await onConfirmed(passkey);
    } catch (failed) {
      setProblem(describeError(failed));
    } finally {
      setBusy(false);
    }
  }

  if (step === 'loading') return <Loading>{t('zk.checking')}</Loading>;
  if (step === 'recovery' && ceremony) {
    return (
      <RecoveryKeyConfirm
        ceremony={ceremony}
        failureTitle={t('zk.setup.failed')}
        intro={
          <p>
            {newKey ? `${t('zk.setup.newKeyReady', { client: clientName })} ` : null}
            {passkey
              ? t('zk.setup.passkeyAndRecovery', { name: passkey.name })
              : t('zk.setup.recoveryProtects', { client: clientName })}
          </p>
        }
        onConfirmed={() => onConfirmed(passkey)}
      />
    );
  }
  if (step === 'confirm' && passkey) {
    return (
      <section className="section" aria-labelledby="setup-heading">
        <h2 id="setup-heading">{heading}</h2>
        <p>{t('zk.setup.passkeyOnly', { name: passkey.name })}</p>
        {problem ? (
          <ErrorPanel title={t('zk.setup.failed')}>
            <p>{problem}</p>
          </ErrorPanel>
        ) : null}
        <div className="form-actions">
          <Button disabled={busy} onClick={() => void confirm()}>
            {busy ? t('zk.setup.settingUp') : t('zk.setup.submit')}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <section className="section" aria-labelledby="setup-heading">
      <h2 id="setup-heading">{heading}</h2>
      <p>{t('zk.setup.choose', { client: clientName })}</p>
      {problem ? (
        <ErrorPanel title={t('zk.setup.passkeyCannotTitle')}>
          <p>{problem}</p>
        </ErrorPanel>
      ) : null}
      <div className="form-actions">
        <Button disabled={busy} onClick={() => void addPasskey()}>
          {busy ? t('passkeys.waiting') : t('zk.setup.withPasskey')}
        </Button>
        {ceremony ? (
          <Button variant="secondary" disabled={busy} onClick={() => setStep('recovery')}>
            {t('zk.setup.withRecoveryKey')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** Set-up where the policy allows the password envelope but no recovery key: nothing to show once, one button. */
function PasswordOnlySetup({
  heading,
  clientName,
  onConfirm,
}: {
  heading: string;
  clientName: string;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const { t } = useI18n();
  return (
    <section className="section" aria-labelledby="setup-heading">
      <h2 id="setup-heading">{heading}</h2>
      <p>{t('zk.setup.passwordOnly', { client: clientName })}</p>
      {failure ? (
        <ErrorPanel title={t('zk.setup.failed')}>
          <p>{describeError(failure)}</p>
        </ErrorPanel>
      ) : null}
      <div className="form-actions">
        <Button
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setFailure(null);
            try {
              await onConfirm();
            } catch (failed) {
              setFailure(failed);
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? t('zk.setup.settingUp') : t('zk.setup.submit')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The policy allows no envelope a key can be set up with here (a password when the account has one, a passkey when
 * it has none, a recovery key): say so rather than be refused.
 */
function SetupNotPossible({ newKey, hasPassword }: { newKey: boolean; hasPassword: boolean }) {
  const { t } = useI18n();
  return (
    <ErrorPanel title={newKey ? t('zk.notPossible.newKeyTitle') : t('zk.notPossible.title')}>
      <p>
        {hasPassword ? t('zk.notPossible.withPassword') : t('zk.notPossible.withoutPassword')}{' '}
        {t('zk.askAdmin')}
      </p>
    </ErrorPanel>
  );
}

/**
 * Whether to re-wrap the password envelope after a recovery-key unlock: when it is stale (a reset or change), or
 * when there is none and the policy envelope creation is checked against allows adding one. A usable one (the
 * organization ruled the password out for this authorization only) stays as it is.
 */
function needsPasswordRewrap(keybag: Keybag, setupPolicy: UnlockPolicy): boolean {
  // An account without a password has nothing to wrap a password envelope with (§3.1).
  if (!setupPolicy.has_password) return false;
  const envelope = passwordEnvelopeOf(keybag);
  if (envelope !== null) return envelope.status === 'stale';
  return allowsEnvelopeType(setupPolicy, 'password');
}

/** Signed in with a passkey that could not open the keybag (no PRF, or no envelope for it yet): say so. */
function PasskeyCannotUnlock() {
  const { t } = useI18n();
  if (!heldPasskey()) return null;
  return (
    <Notice title={t('zk.passkeyCannot.title')}>
      <p>{t('zk.passkeyCannot.text')}</p>
    </Notice>
  );
}
