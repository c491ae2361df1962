import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api } from '../../shared/api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import type { MessageKey } from '../../shared/i18n/translator';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { TextField } from '../../shared/TextField';
import type { EnvelopeSecret } from '../../shared/zk';
import { isStepUpCancelled, useStepUp } from '../components/StepUp';
import { describeError, errorCode } from '../error-text';
import { currentKeybag, type KeyAbility, keyAbilityOf, letPasskeyUnlock } from '../passkeys/passkey-keys';
import { type Passkey, registerPasskey } from '../passkeys/webauthn';
import { csrfHeaders } from '../session';
import { fetchUnlockPolicy, type Keybag, type UnlockPolicy } from '../zk/keybag-api';
import { prfSecretOf } from '../zk/passkey-unlock';
import { UnlockOnPage } from '../zk/UnlockOnPage';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; passkeys: Passkey[]; keybag: Keybag | null }
  | { state: 'failed'; error: unknown };

type Message =
  | { kind: 'notice'; text: string }
  | { kind: 'error'; error: unknown }
  /** A problem this page found itself, said in words. */
  | { kind: 'problem'; text: string }
  | null;

const ABILITY_TEXT: Record<KeyAbility, MessageKey> = {
  unlocks: 'passkeys.ability.unlocks',
  can_unlock_later: 'passkeys.ability.can_unlock_later',
  cannot_unlock: 'passkeys.ability.cannot_unlock',
};

/**
 * Passkeys on the account page: add one (named; a passkey with PRF is set up to unlock the encryption keys, which
 * are opened here with what the page holds or else with what the account has — the password only when it has one,
 * another passkey, the recovery key: docs/zk.md §3.4, §3.7), rename, remove. Adding and removing ask for a current code first when two-step
 * verification is on; the server never lets the last way to sign in go.
 */
export function PasskeysSection({
  email,
  csrfToken,
  onCsrfToken,
}: {
  email: string;
  csrfToken: string;
  onCsrfToken: (csrfToken: string) => void;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [message, setMessage] = useState<Message>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  /** A new passkey's PRF secret, waiting for the keybag to be unlocked on the page. */
  const [pending, setPending] = useState<{
    passkey: Passkey;
    secret: EnvelopeSecret;
    keybag: Keybag;
    policy: UnlockPolicy;
  } | null>(null);
  const stepUp = useStepUp(csrfToken, onCsrfToken);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const { t } = useI18n();

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger.
  useEffect(() => {
    let current = true;
    Promise.all([
      api.get<{ passkeys: Passkey[] }>('/api/user/passkeys'),
      currentKeybag().catch(() => null),
    ]).then(
      ([{ passkeys }, keybag]) => current && setLoad({ state: 'ready', passkeys, keybag }),
      (error: unknown) => current && setLoad({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [generation]);

  async function afterRegistration(passkey: Passkey, secret: EnvelopeSecret | null) {
    if (!secret) {
      setMessage({ kind: 'notice', text: t('passkeys.addedNoKeys', { name: passkey.name }) });
      return;
    }
    const keybag = await currentKeybag();
    if (!keybag) {
      setMessage({ kind: 'notice', text: t('passkeys.added', { name: passkey.name }) });
      return;
    }
    if ((await letPasskeyUnlock(passkey, secret, keybag, email, csrfToken)) === 'needs_unlock') {
      setPending({ passkey, secret, keybag, policy: await fetchUnlockPolicy() });
      return;
    }
    setMessage({ kind: 'notice', text: t('passkeys.addedUnlocks', { name: passkey.name }) });
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      setMessage({ kind: 'problem', text: t('passkeys.nameMissing') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const { passkey, prfOutput } = await stepUp.run((token) => registerPasskey(trimmed, token));
      setName('');
      await afterRegistration(passkey, prfOutput ? await prfSecretOf(prfOutput) : null);
      reload();
    } catch (error) {
      if (!isStepUpCancelled(error) && !(error instanceof Error && error.name === 'NotAllowedError'))
        setMessage({ kind: 'error', error });
    } finally {
      setBusy(false);
    }
  }

  if (!browserSupportsWebAuthn()) return null;
  return (
    <section className="section" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t('passkeys.title')}</h2>
      <p>{t('passkeys.intro')}</p>
      {message?.kind === 'notice' ? (
        <Notice title={t('security.done')}>{<p>{message.text}</p>}</Notice>
      ) : null}
      {message?.kind === 'error' || message?.kind === 'problem' ? (
        <ErrorPanel title={t('keybag.failed')}>
          <p>{message.kind === 'problem' ? message.text : describeError(message.error)}</p>
        </ErrorPanel>
      ) : null}
      {pending ? (
        <UnlockOnPage
          email={email}
          keybag={pending.keybag}
          policy={pending.policy}
          purpose={t('passkeys.unlockPurpose')}
          formLabel={t('passkeys.unlockFormLabel')}
          passwordSubmitLabel={t('passkeys.unlockSubmit')}
          cancelLabel={t('passkeys.notNow')}
          onUnlocked={async (unlocked) => {
            try {
              await letPasskeyUnlock(
                pending.passkey,
                pending.secret,
                pending.keybag,
                email,
                csrfToken,
                unlocked,
              );
              setPending(null);
              setMessage({ kind: 'notice', text: t('passkeys.nowUnlocks', { name: pending.passkey.name }) });
            } catch (error) {
              setMessage({ kind: 'error', error });
            }
            reload();
          }}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'failed' ? (
        <ErrorPanel title={t('passkeys.loadFailed')}>
          <p>{describeError(load.error)}</p>
        </ErrorPanel>
      ) : null}
      {load.state === 'ready' ? (
        <ul className="passkey-list" data-testid="passkey-list">
          {load.passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              ability={keyAbilityOf(passkey, load.keybag)}
              csrfToken={csrfToken}
              run={stepUp.run}
              onChanged={reload}
              onError={(error) => setMessage({ kind: 'error', error })}
              onProblem={(text) => setMessage({ kind: 'problem', text })}
            />
          ))}
        </ul>
      ) : null}
      <form onSubmit={add} noValidate>
        <TextField
          label={t('passkeys.newName')}
          hint={t('passkeys.newNameHint')}
          value={name}
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('passkeys.waiting') : t('passkeys.add')}
          </Button>
        </div>
      </form>
      {stepUp.prompt}
    </section>
  );
}

function PasskeyItem({
  passkey,
  ability,
  csrfToken,
  run,
  onChanged,
  onError,
  onProblem,
}: {
  passkey: Passkey;
  ability: KeyAbility;
  csrfToken: string;
  run: <T>(action: (csrfToken: string) => Promise<T>) => Promise<T>;
  onChanged: () => void;
  onError: (error: unknown) => void;
  onProblem: (text: string) => void;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { t, date } = useI18n();
  const when = (iso: string | null) => (iso ? date(iso) : t('keybag.never'));

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!renaming?.trim()) return;
    try {
      await api.patch(
        `/api/user/passkeys/${encodeURIComponent(passkey.id)}`,
        { name: renaming.trim() },
        { headers: csrfHeaders(csrfToken) },
      );
      setRenaming(null);
      onChanged();
    } catch (error) {
      onError(error);
    }
  }

  async function remove() {
    try {
      await run((token) =>
        api.delete(`/api/user/passkeys/${encodeURIComponent(passkey.id)}`, { headers: csrfHeaders(token) }),
      );
      onChanged();
    } catch (error) {
      setConfirming(false);
      if (isStepUpCancelled(error)) return;
      if (errorCode(error) === 'last_sign_in_method') onProblem(t('passkeys.lastSignIn'));
      else onError(error);
    }
  }

  return (
    <li className="passkey-item">
      <strong className="passkey-name">{passkey.name}</strong>
      <span className="muted">
        {' — '}
        {t('passkeys.dates', { added: when(passkey.created_at), lastUsed: when(passkey.last_used_at) })}
      </span>
      <br />
      <span data-testid="passkey-keys">{t(ABILITY_TEXT[ability])}</span>
      {passkey.clone_suspected ? <p className="field-error">{t('passkeys.cloneSuspected')}</p> : null}
      {renaming !== null ? (
        <form onSubmit={rename} noValidate>
          <TextField
            label={t('passkeys.renameLabel')}
            value={renaming}
            maxLength={80}
            onChange={(event) => setRenaming(event.target.value)}
          />
          <div className="form-actions">
            <Button type="submit">{t('passkeys.save')}</Button>
            <Button variant="secondary" onClick={() => setRenaming(null)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="form-actions">
          <Button variant="secondary" onClick={() => setRenaming(passkey.name)}>
            {t('passkeys.rename')}
          </Button>
          {confirming ? (
            <>
              <Button variant="danger" onClick={remove}>
                {t('passkeys.removeNamed', { name: passkey.name })}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('keybag.remove.cancel')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('keybag.remove.button')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
