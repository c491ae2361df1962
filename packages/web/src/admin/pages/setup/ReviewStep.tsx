import type { ReactNode } from 'react';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { describeError, errorCode } from '../../error-text';
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
      <p>Check your choices. Installing creates the admin account and closes this install page for good.</p>
      <dl className="summary-list">
        <SummaryRow term="Admin">{draft.email.trim()}</SummaryRow>
        <SummaryRow term="Product name">{draft.productName.trim()}</SummaryRow>
        <SummaryRow term="Public address">{draft.baseUrl.trim() || 'unchanged'}</SummaryRow>
        <SummaryRow term="Accounts">
          {draft.selfRegistration === 'open' ? 'Anyone may register' : 'Created by administrators'}
        </SummaryRow>
        <SummaryRow term="Email">
          {draft.configureSmtp ? `${smtp.host.trim()}:${smtp.port} (${smtp.security})` : 'Not configured yet'}
        </SummaryRow>
      </dl>
      {installError ? (
        <ErrorPanel title="The install did not finish">
          <p>{describeError(installError)}</p>
          {errorCode(installError) === 'invalid_request' ? (
            <p>Go back and check the step the message names.</p>
          ) : null}
        </ErrorPanel>
      ) : null}
    </>
  );
}
