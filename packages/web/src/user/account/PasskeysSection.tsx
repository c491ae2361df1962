import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api } from '../../shared/api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
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

type Message = { kind: 'notice'; text: string } | { kind: 'error'; error: unknown } | null;

const ABILITY_TEXT: Record<KeyAbility, string> = {
  unlocks: 'Unlocks your encryption keys',
  can_unlock_later: 'Can unlock your encryption keys once they are set up for it',
  cannot_unlock: "Can't unlock your encryption keys",
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

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
      setMessage({
        kind: 'notice',
        text: `Passkey “${passkey.name}” added. It signs you in, but this authenticator can't unlock your encryption keys.`,
      });
      return;
    }
    const keybag = await currentKeybag();
    if (!keybag) {
      setMessage({ kind: 'notice', text: `Passkey “${passkey.name}” added.` });
      return;
    }
    if ((await letPasskeyUnlock(passkey, secret, keybag, email, csrfToken)) === 'needs_unlock') {
      setPending({ passkey, secret, keybag, policy: await fetchUnlockPolicy() });
      return;
    }
    setMessage({
      kind: 'notice',
      text: `Passkey “${passkey.name}” added. It signs you in and unlocks your encryption keys.`,
    });
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      setMessage({
        kind: 'error',
        error: new Error('Give the passkey a name, such as the device it is on.'),
      });
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
      <h2 id="passkeys-heading">Passkeys</h2>
      <p>Sign in with your device's screen lock or a security key instead of your password.</p>
      {message?.kind === 'notice' ? <Notice title="Done">{<p>{message.text}</p>}</Notice> : null}
      {message?.kind === 'error' ? (
        <ErrorPanel title="That did not work">
          <p>{describeError(message.error)}</p>
        </ErrorPanel>
      ) : null}
      {pending ? (
        <UnlockOnPage
          email={email}
          keybag={pending.keybag}
          policy={pending.policy}
          purpose="For your new passkey to unlock your encryption keys too, unlock them once here."
          formLabel="Let the passkey unlock your keys"
          passwordSubmitLabel="Let this passkey unlock my keys"
          cancelLabel="Not now"
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
              setMessage({
                kind: 'notice',
                text: `Passkey “${pending.passkey.name}” now unlocks your keys too.`,
              });
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
        <ErrorPanel title="We could not load your passkeys">
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
            />
          ))}
        </ul>
      ) : null}
      <form onSubmit={add} noValidate>
        <TextField
          label="Name of the new passkey"
          hint="For example the device or security key it is on."
          value={name}
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'Waiting for your passkey…' : 'Add a passkey'}
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
}: {
  passkey: Passkey;
  ability: KeyAbility;
  csrfToken: string;
  run: <T>(action: (csrfToken: string) => Promise<T>) => Promise<T>;
  onChanged: () => void;
  onError: (error: unknown) => void;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

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
      onError(
        errorCode(error) === 'last_sign_in_method'
          ? new Error('This is your only way to sign in: add another passkey or a password first.')
          : error,
      );
    }
  }

  return (
    <li className="passkey-item">
      <strong className="passkey-name">{passkey.name}</strong>
      <span className="muted">
        {' '}
        — added {when(passkey.created_at)}, last used {when(passkey.last_used_at)}
      </span>
      <br />
      <span data-testid="passkey-keys">{ABILITY_TEXT[ability]}</span>
      {passkey.clone_suspected ? (
        <p className="field-error">
          This passkey was used with a signature counter that went back: it may have been copied. Remove it if
          you don't recognise that.
        </p>
      ) : null}
      {renaming !== null ? (
        <form onSubmit={rename} noValidate>
          <TextField
            label="New name"
            value={renaming}
            maxLength={80}
            onChange={(event) => setRenaming(event.target.value)}
          />
          <div className="form-actions">
            <Button type="submit">Save</Button>
            <Button variant="secondary" onClick={() => setRenaming(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="form-actions">
          <Button variant="secondary" onClick={() => setRenaming(passkey.name)}>
            Rename
          </Button>
          {confirming ? (
            <>
              <Button variant="danger" onClick={remove}>
                Remove “{passkey.name}”
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Remove
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
