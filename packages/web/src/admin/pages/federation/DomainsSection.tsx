import { useState } from 'react';
import { Button } from '../../../shared/Button';
import { ConfirmAction } from '../../components/ConfirmAction';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import type { FederationConnectionView, FederationDomainView } from '../../federation-types';
import { Time } from '../../format';
import { useAdmin, useAdminApi } from '../../session';
import { connectionPath } from './connection-api';

/**
 * The connection's email domains and their verification: a domain routes and links only once verified, by its DNS
 * TXT challenge ("Check now") or by the admin's explicit, audited decision ("Mark verified").
 */
export function DomainsSection({
  connection,
  onChanged,
}: {
  connection: FederationConnectionView;
  onChanged: (connection: FederationConnectionView) => void;
}) {
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
            ? `${domain.domain} is verified: its TXT record holds the challenge.`
            : `${domain.domain} is marked verified by your decision.`,
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
      <h2 id="domains-heading">Domains</h2>
      <OutcomeMessage outcome={outcome} failedTitle="The domain was not verified" />
      {connection.domainVerification.length === 0 ? (
        <p>No domains yet: add them under Settings.</p>
      ) : (
        <ul className="passkey-list" data-testid="federation-domains">
          {connection.domainVerification.map((domain) => (
            <li key={domain.domain} data-domain={domain.domain}>
              <strong>{domain.domain}</strong> —{' '}
              <span data-testid="domain-state">
                {domain.verified ? (
                  <>
                    verified {domain.verifiedBy === 'admin' ? 'by an admin' : 'by DNS'}{' '}
                    <Time value={domain.verifiedAt} />
                  </>
                ) : (
                  'not verified'
                )}
              </span>
              {domain.verified ? null : (
                <>
                  <p>Publish this DNS TXT record, then check:</p>
                  <dl className="summary-list">
                    <div>
                      <dt>Name</dt>
                      <dd>
                        <code data-testid="txt-name">{domain.txtRecordName}</code>
                      </dd>
                    </div>
                    <div>
                      <dt>Value</dt>
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
                        {checking === domain.domain ? 'Checking…' : `Check ${domain.domain} now`}
                      </Button>
                      <ConfirmAction
                        label={`Mark ${domain.domain} verified`}
                        question={
                          <p>
                            Mark <strong>{domain.domain}</strong> verified without the DNS check? Only do this
                            when you know the organization behind “{connection.name}” owns the domain: its
                            addresses will sign in through this provider, and existing accounts with such
                            addresses may be linked to it.
                          </p>
                        }
                        confirmLabel="Mark verified"
                        busyLabel="Saving…"
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
