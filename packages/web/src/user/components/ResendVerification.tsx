import { useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { describeError } from '../error-text';

/** "Send the link again" for an address that is not confirmed yet. */
export function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { error: unknown }>('idle');
  if (state === 'sent')
    return (
      <Notice title="We sent a new link">
        <p>
          If <strong>{email}</strong> still needs confirming, a new link is on its way. Open it, then sign in.
        </p>
      </Notice>
    );
  return (
    <>
      {typeof state === 'object' ? (
        <ErrorPanel title="We could not send the link">
          <p>{describeError(state.error)}</p>
        </ErrorPanel>
      ) : null}
      <Button
        variant="secondary"
        disabled={state === 'sending'}
        onClick={() => {
          setState('sending');
          api
            .post('/api/user/email/verification/resend', {
              email,
            } satisfies PublicApiBody<'POST /api/user/email/verification/resend'>)
            .then(
              () => setState('sent'),
              (error: unknown) => setState({ error }),
            );
        }}
      >
        {state === 'sending' ? 'Sending…' : 'Send the link again'}
      </Button>
    </>
  );
}
