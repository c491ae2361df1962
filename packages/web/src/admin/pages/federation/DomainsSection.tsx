import { useState } from 'react';
import { Button } from '../../../shared/Button';
import { ConfirmAction } from '../../components/ConfirmAction';
import type { ConnectionProps } from '../../components/connections/ConnectionDetail';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import type { FederationConnectionView, FederationDomainView } from '../../federation-types';
import { Time } from '../../format';
import { rich, t } from '../../i18n/text';
import { useAdmin, useAdminApi } from '../../session';
import { connectionPath } from './connection-api';

/**
 * The connection's email domains and their verification: a domain routes and links only once verified, by its DNS
 * TXT challenge ("Check now") or by the admin's explicit, audited decision ("Mark verified").
 */
export function DomainsSection({ connection, onChanged }: ConnectionProps<FederationConnectionView>) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [checking, setChecking] = useState<string | null>(null);

  async function verify(domain: FederationDomainView, method: 'dns' | 'admin') {
    setOutcome(null);
    try {
      const updated = await api.post<FederationConnectionView>(
        `${connectionPath(connection.id)}/domains/${encodeURIComponent(domain.domain)}/verify`,
        { method },
      );
      onChanged(updated);
      setOutcome({
        kind: 'done',
        text:
          method === 'dns'
            ? t('federation.domains.verifiedByDns', { domain: domain.domain })
            : t('federation.domains.markedVerified', { domain: domain.domain }),
      });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  async function checkNow(domain: FederationDomainView) {
    setChecking(domain.domain);
    try {
      await verify(domain, 'dns');
    } finally {
      setChecking(null);
    }
  }

  return (
    <section className="section" aria-labelledby="domains-heading">
      <h2 id="domains-heading">{t('federation.domains.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('federation.domains.failed')} />
      {connection.domainVerification.length === 0 ? (
        <p>{t('federation.domains.none')}</p>
      ) : (
        <ul className="passkey-list" data-testid="federation-domains">
          {connection.domainVerification.map((domain) => (
            <li key={domain.domain} data-domain={domain.domain}>
              <strong>{domain.domain}</strong> —{' '}
              <span data-testid="domain-state">
                {domain.verified
                  ? rich(
                      domain.verifiedBy === 'admin'
                        ? 'federation.domains.state.verifiedByAdmin'
                        : 'federation.domains.state.verifiedByDns',
                      { time: <Time value={domain.verifiedAt} /> },
                    )
                  : t('federation.domains.state.unverified')}
              </span>
              {domain.verified ? null : (
                <>
                  <p>{t('federation.domains.publish')}</p>
                  <dl className="summary-list">
                    <div>
                      <dt>{t('federation.domains.txtName')}</dt>
                      <dd>
                        <code data-testid="txt-name">{domain.txtRecordName}</code>
                      </dd>
                    </div>
                    <div>
                      <dt>{t('federation.domains.txtValue')}</dt>
                      <dd>
                        <code data-testid="txt-value">{domain.txtRecordValue}</code>
                      </dd>
                    </div>
                  </dl>
                  {canWrite ? (
                    <div className="form-actions">
                      <Button
                        variant="secondary"
                        disabled={checking !== null}
                        onClick={() => checkNow(domain)}
                      >
                        {checking === domain.domain
                          ? t('federation.domains.checking')
                          : t('federation.domains.check', { domain: domain.domain })}
                      </Button>
                      <ConfirmAction
                        label={t('federation.domains.mark', { domain: domain.domain })}
                        question={
                          <p>
                            {rich('federation.domains.mark.question', {
                              domain: <strong>{domain.domain}</strong>,
                              name: connection.name,
                            })}
                          </p>
                        }
                        confirmLabel={t('federation.domains.mark.confirm')}
                        busyLabel={t('federation.domains.saving')}
                        onConfirm={() => verify(domain, 'admin')}
                      />
                    </div>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
