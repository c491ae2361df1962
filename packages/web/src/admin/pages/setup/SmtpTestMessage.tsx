import { useState } from 'react';
import { apiRequest } from '../../../shared/api';
import type { AdminApiBody } from '../../../shared/api-types/admin-api';
import { Button } from '../../../shared/Button';
import { EmailField } from '../../../shared/EmailField';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { Notice } from '../../../shared/Notice';
import { describeError } from '../../error-text';
import { t } from '../../i18n/text';
import { emailError } from '../../validation';
import { hasErrors, type SmtpDraft, type StepErrors, smtpErrors, smtpInput } from './install-draft';

/**
 * A test message with the SMTP settings typed so far (nothing is saved), to the new admin by default. Held by the
 * Email step, so the address and the outcome stay while the SMTP fields are hidden and shown again.
 */
export function useSmtpTest(token: string, adminEmail: string) {
  const [to, setTo] = useState(adminEmail);
  const [toError, setToError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<'idle' | 'sending' | 'sent' | { failed: unknown }>('idle');

  /** `onInvalid` gets the SMTP fields' problems when there are any (or the address is wrong). */
  async function send(smtp: SmtpDraft, onInvalid: (errors: StepErrors) => void) {
    const found = smtpErrors(smtp);
    const problem = emailError(to);
    setToError(problem);
    if (hasErrors(found) || problem) {
      onInvalid(found);
      return;
    }
    setOutcome('sending');
    try {
      await apiRequest('POST', '/install/smtp-test', {
        body: {
          token,
          smtp: smtpInput(smtp),
          to: to.trim(),
        } satisfies AdminApiBody<'POST /install/smtp-test'>,
      });
      setOutcome('sent');
    } catch (failed) {
      setOutcome({ failed });
    }
  }

  return { to, setTo, toError, outcome, send };
}

export type SmtpTest = ReturnType<typeof useSmtpTest>;

export function SmtpTestMessage({ test, onSend }: { test: SmtpTest; onSend: () => void }) {
  const { outcome } = test;
  return (
    <>
      <div className="inline-test">
        <EmailField
          label={t('setup.smtp.test.to')}
          value={test.to}
          error={test.toError}
          onChange={(event) => test.setTo(event.target.value)}
        />
        <Button variant="secondary" onClick={onSend} disabled={outcome === 'sending'}>
          {outcome === 'sending' ? t('setup.smtp.test.sending') : t('setup.smtp.test.send')}
        </Button>
      </div>
      {outcome === 'sent' ? (
        <Notice title={t('setup.smtp.test.sent.title')}>
          <p>{t('setup.smtp.test.sent.body', { address: test.to.trim() })}</p>
        </Notice>
      ) : null}
      {typeof outcome === 'object' ? (
        <ErrorPanel title={t('setup.smtp.test.failed')}>
          <p>{describeError(outcome.failed)}</p>
        </ErrorPanel>
      ) : null}
    </>
  );
}
