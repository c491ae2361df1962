import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/Button';
import { TextField } from '../../shared/TextField';
import { ConfirmAction } from '../components/ConfirmAction';
import { LoadedView } from '../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../components/OutcomeMessage';
import { isStepUpCancelled, useAdminStepUp } from '../components/StepUp';
import { Time } from '../format';
import { useAdminApi } from '../session';
import { useLoad } from '../use-load';
import { type AdminPasskey, registerAdminPasskey } from './admin-webauthn';

const PATH = '/admin/passkeys';
const isCancelled = (error: unknown) =>
  isStepUpCancelled(error) || (error instanceof Error && error.name === 'NotAllowedError');

/**
 * The signed-in admin's own passkeys on the account page: add one (named), remove one. Both are security changes:
 * they ask for a current code first once the sign-in's second factor has aged, and are audited. A passkey that
 * verifies the admin (PIN, biometrics) signs in to the portal without a TOTP code.
 */
export function AdminPasskeysSection() {
  const api = useAdminApi();
  const passkeys = useLoad(PATH, (signal) => api.get<{ passkeys: AdminPasskey[] }>(PATH, signal));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const stepUp = useAdminStepUp(
    'Adding or removing a passkey needs a current code from your authenticator app (or one of your backup codes).',
  );

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      setOutcome({
        kind: 'failed',
        error: new Error('Give the passkey a name, such as the device it is on.'),
      });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const added = await stepUp.run(() => registerAdminPasskey(api, trimmed));
      setName('');
      setOutcome({
        kind: 'done',
        text: `Passkey “${added.name}” added: it signs you in to the admin portal.`,
      });
      passkeys.reload();
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: AdminPasskey) {
    setOutcome(null);
    try {
      await stepUp.run(() => api.delete(`${PATH}/${encodeURIComponent(passkey.id)}`));
      setOutcome({ kind: 'done', text: `Passkey “${passkey.name}” removed.` });
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ kind: 'failed', error });
    }
    passkeys.reload();
  }

  return (
    <section className="section" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Your passkeys</h2>
      <OutcomeMessage outcome={outcome} failedTitle="The passkeys were not changed" />
      <LoadedView load={passkeys} failedTitle="Your passkeys could not be loaded">
        {({ passkeys: list }) =>
          list.length === 0 ? (
            <p>No passkeys yet.</p>
          ) : (
            <ul className="passkey-list" data-testid="admin-passkeys">
              {list.map((passkey) => (
                <li key={passkey.id}>
                  <strong>{passkey.name}</strong> — added <Time value={passkey.created_at} />, last used{' '}
                  {passkey.last_used_at ? <Time value={passkey.last_used_at} /> : 'never'}
                  {passkey.clone_suspected ? '; its signature counter went back (possibly cloned)' : ''}
                  <div className="form-actions">
                    <ConfirmAction
                      label={`Remove “${passkey.name}”`}
                      question={
                        <p>
                          Remove the passkey <strong>{passkey.name}</strong>? It stops signing you in at once.
                        </p>
                      }
                      confirmLabel="Remove now"
                      busyLabel="Removing…"
                      onConfirm={() => remove(passkey)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </LoadedView>
      {browserSupportsWebAuthn() ? (
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
              {busy && !stepUp.prompting ? 'Waiting for your passkey…' : 'Add a passkey'}
            </Button>
          </div>
        </form>
      ) : (
        <p>This browser cannot use passkeys.</p>
      )}
      {stepUp.prompt}
    </section>
  );
}
