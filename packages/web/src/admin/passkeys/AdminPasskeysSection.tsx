import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/Button';
import { TextField } from '../../shared/TextField';
import { ConfirmAction } from '../components/ConfirmAction';
import { LoadedView } from '../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../components/OutcomeMessage';
import { isStepUpCancelled, useAdminStepUp } from '../components/StepUp';
import { Time } from '../format';
import { rich, t } from '../i18n/text';
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
  const [nameError, setNameError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const stepUp = useAdminStepUp(t('account.passkeys.stepUp'));

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    // A missing name is the form's own check: it belongs beside the field, not in an error panel.
    setNameError(trimmed === '' ? t('account.passkeys.nameMissing') : undefined);
    if (trimmed === '') return;
    setBusy(true);
    setOutcome(null);
    try {
      const added = await stepUp.run(() => registerAdminPasskey(api, trimmed));
      setName('');
      setOutcome({ kind: 'done', text: t('account.passkeys.added', { name: added.name }) });
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
      setOutcome({ kind: 'done', text: t('account.passkeys.removed', { name: passkey.name }) });
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ kind: 'failed', error });
    }
    passkeys.reload();
  }

  return (
    <section className="section" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t('account.passkeys.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('account.passkeys.changeFailed')} />
      <LoadedView load={passkeys} failedTitle={t('account.passkeys.loadFailed')}>
        {({ passkeys: list }) =>
          list.length === 0 ? (
            <p>{t('account.passkeys.none')}</p>
          ) : (
            <ul className="passkey-list" data-testid="admin-passkeys">
              {list.map((passkey) => (
                <li key={passkey.id}>
                  {rich('account.passkeys.entry', {
                    name: <strong>{passkey.name}</strong>,
                    created: <Time value={passkey.created_at} />,
                    used: passkey.last_used_at ? (
                      <Time value={passkey.last_used_at} />
                    ) : (
                      t('account.passkeys.neverUsed')
                    ),
                  })}
                  {passkey.clone_suspected ? t('account.passkeys.cloneSuspected') : ''}
                  <div className="form-actions">
                    <ConfirmAction
                      label={t('account.passkeys.remove', { name: passkey.name })}
                      question={
                        <p>
                          {rich('account.passkeys.removeQuestion', { name: <strong>{passkey.name}</strong> })}
                        </p>
                      }
                      confirmLabel={t('account.passkeys.removeConfirm')}
                      busyLabel={t('account.passkeys.removing')}
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
            label={t('account.passkeys.newName')}
            hint={t('account.passkeys.newNameHint')}
            value={name}
            error={nameError}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
          />
          <div className="form-actions">
            <Button type="submit" disabled={busy}>
              {busy && !stepUp.prompting ? t('account.passkeys.waiting') : t('account.passkeys.add')}
            </Button>
          </div>
        </form>
      ) : (
        <p>{t('account.passkeys.unsupported')}</p>
      )}
      {stepUp.prompt}
    </section>
  );
}
