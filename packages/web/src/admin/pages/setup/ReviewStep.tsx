import type { ReactNode } from 'react';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { describeError, errorCode } from '../../error-text';
import { t } from '../../i18n/text';
import type { InstallDraft } from './install-draft';

function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Step 4: every choice once more, and why the install failed when it did. */
export function ReviewStep({ draft, installError }: { draft: InstallDraft; installError: unknown }) {
  const { smtp } = draft;
  return (
    <>
      <p>{t('setup.review.intro')}</p>
      <dl className="summary-list">
        <SummaryRow term={t('setup.review.admin')}>{draft.email.trim()}</SummaryRow>
        <SummaryRow term={t('setup.review.productName')}>{draft.productName.trim()}</SummaryRow>
        <SummaryRow term={t('setup.review.baseUrl')}>
          {draft.baseUrl.trim() || t('setup.review.baseUrl.unchanged')}
        </SummaryRow>
        <SummaryRow term={t('setup.review.accounts')}>
          {draft.selfRegistration === 'open'
            ? t('setup.review.accounts.open')
            : t('setup.review.accounts.closed')}
        </SummaryRow>
        <SummaryRow term={t('setup.review.email')}>
          {draft.configureSmtp
            ? `${smtp.host.trim()}:${smtp.port} (${smtp.security})`
            : t('setup.review.email.none')}
        </SummaryRow>
      </dl>
      {installError ? (
        <ErrorPanel title={t('setup.review.failed')}>
          <p>{describeError(installError)}</p>
          {errorCode(installError) === 'invalid_request' ? <p>{t('setup.review.checkStep')}</p> : null}
        </ErrorPanel>
      ) : null}
    </>
  );
}
