import { useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiBody } from '../../shared/api-types/public-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Notice } from '../../shared/Notice';
import { describeError } from '../error-text';

/** "Send the link again" for an address that is not confirmed yet. */
export function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { error: unknown }>('idle');
  const { t, rich } = useI18n();
  if (state === 'sent')
    return (
      <Notice title={t('resend.sentTitle')}>
        <p>{rich('resend.sentText', { email: <strong>{email}</strong> })}</p>
      </Notice>
    );
  return (
    <>
      {typeof state === 'object' ? (
        <ErrorPanel title={t('resend.failedTitle')}>
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
        {state === 'sending' ? t('common.sending') : t('resend.button')}
      </Button>
    </>
  );
}
