import { useCallback, useEffect, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
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

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

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
        text: `${identity.connection_name} is unlinked: it no longer signs you in to this account.`,
      });
      reload();
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      setMessage({
        kind: 'error',
        text:
          errorCode(error) === 'last_sign_in_method'
            ? `${identity.connection_name} is your only way to sign in: set a password or add a passkey before unlinking it.`
            : describeError(error),
      });
    } finally {
      setConfirming(null);
    }
  }

  if (load.state === 'ready' && load.identities.length === 0 && !message) return null;
  return (
    <section className="section" aria-labelledby="linked-identities-heading">
      <h2 id="linked-identities-heading">Organization sign-in</h2>
      <p>These identity providers sign you in to this account.</p>
      {message?.kind === 'notice' ? (
        <Notice title="Done">
          <p>{message.text}</p>
        </Notice>
      ) : null}
      {message?.kind === 'error' ? (
        <ErrorPanel title="That did not work">
          <p>{message.text}</p>
        </ErrorPanel>
      ) : null}
      {load.state === 'failed' ? (
        <ErrorPanel title="We could not load your linked identity providers">
          <p>{describeError(load.error)}</p>
        </ErrorPanel>
      ) : null}
      {load.state === 'ready' && load.identities.length > 0 ? (
        <ul className="passkey-list" data-testid="linked-identities">
          {load.identities.map((identity) => (
            <li key={identity.id} className="passkey-item">
              <strong>{identity.connection_name}</strong>
              <span className="muted">
                {identity.email ? ` — ${identity.email}` : ''}, linked {when(identity.created_at)}, last
                sign-in {when(identity.last_sign_in_at)}
              </span>
              <div className="form-actions">
                {confirming === identity.id ? (
                  <>
                    <Button variant="danger" onClick={() => unlink(identity)}>
                      Unlink {identity.connection_name}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(null)}>
                      Keep it
                    </Button>
                  </>
                ) : (
                  <Button variant="secondary" onClick={() => setConfirming(identity.id)}>
                    Unlink
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
