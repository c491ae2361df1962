import { useCallback, useEffect, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Notice } from '../../shared/Notice';
import { isStepUpCancelled, useStepUp } from '../components/StepUp';
import { describeError, errorCode } from '../error-text';
import { csrfHeaders } from '../session';

type Identity = PublicApiResponse<'GET /federation/identities'>['identities'][number];

type Load =
  | { state: 'loading' }
  | { state: 'ready'; identities: Identity[] }
  | { state: 'failed'; error: unknown };
type Message = { kind: 'notice' | 'error'; text: string } | null;

/**
 * The identity providers linked to the account (federation): each may be unlinked, after a current code when
 * two-step verification is on. The server never lets the last way to sign in go. Shown only when there are links.
 */
export function LinkedIdentitiesSection({
  csrfToken,
  onCsrfToken,
}: {
  csrfToken: string;
  onCsrfToken: (csrfToken: string) => void;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [message, setMessage] = useState<Message>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const stepUp = useStepUp(csrfToken, onCsrfToken);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const { t, date } = useI18n();
  const when = (iso: string | null) => (iso ? date(iso) : t('keybag.never'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger.
  useEffect(() => {
    let current = true;
    api.get<PublicApiResponse<'GET /federation/identities'>>('/federation/identities').then(
      ({ identities }) => current && setLoad({ state: 'ready', identities }),
      (error: unknown) => current && setLoad({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [generation]);

  async function unlink(identity: Identity) {
    setMessage(null);
    try {
      await stepUp.run((token) =>
        api.delete(`/federation/identities/${encodeURIComponent(identity.id)}`, {
          headers: csrfHeaders(token),
        }),
      );
      // The server confirmed the removal: drop it from the list in the same render as the notice, so the page
      // never says "unlinked" beside the identity it just removed; the reload then brings any other change.
      setLoad((current) =>
        current.state === 'ready'
          ? { state: 'ready', identities: current.identities.filter((row) => row.id !== identity.id) }
          : current,
      );
      setMessage({
        kind: 'notice',
        text: t('linked.unlinked', { name: identity.connection_name }),
      });
      reload();
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      setMessage({
        kind: 'error',
        text:
          errorCode(error) === 'last_sign_in_method'
            ? t('linked.lastSignIn', { name: identity.connection_name })
            : describeError(error),
      });
    } finally {
      setConfirming(null);
    }
  }

  if (load.state === 'ready' && load.identities.length === 0 && !message) return null;
  return (
    <section className="section" aria-labelledby="linked-identities-heading">
      <h2 id="linked-identities-heading">{t('linked.title')}</h2>
      <p>{t('linked.intro')}</p>
      {message?.kind === 'notice' ? (
        <Notice title={t('security.done')}>
          <p>{message.text}</p>
        </Notice>
      ) : null}
      {message?.kind === 'error' ? (
        <ErrorPanel title={t('keybag.failed')}>
          <p>{message.text}</p>
        </ErrorPanel>
      ) : null}
      {load.state === 'failed' ? (
        <ErrorPanel title={t('linked.loadFailed')}>
          <p>{describeError(load.error)}</p>
        </ErrorPanel>
      ) : null}
      {load.state === 'ready' && load.identities.length > 0 ? (
        <ul className="passkey-list" data-testid="linked-identities">
          {load.identities.map((identity) => (
            <li key={identity.id} className="passkey-item">
              <strong>{identity.connection_name}</strong>
              <span className="muted">
                {identity.email ? ` — ${identity.email}` : null}
                {', '}
                {t('linked.dates', {
                  linked: when(identity.created_at),
                  lastSignIn: when(identity.last_sign_in_at),
                })}
              </span>
              <div className="form-actions">
                {confirming === identity.id ? (
                  <>
                    <Button variant="danger" onClick={() => unlink(identity)}>
                      {t('linked.unlinkNamed', { name: identity.connection_name })}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(null)}>
                      {t('keybag.remove.cancel')}
                    </Button>
                  </>
                ) : (
                  <Button variant="secondary" onClick={() => setConfirming(identity.id)}>
                    {t('linked.unlink')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {stepUp.prompt}
    </section>
  );
}
