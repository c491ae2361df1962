import { useState } from 'react';
import { Button } from '../../../shared/Button';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { Notice } from '../../../shared/Notice';
import { describeError } from '../../error-text';
import type { FederationDiscovery } from '../../federation-types';
import { rich, t } from '../../i18n/text';
import { withQuery } from '../../navigation';
import { useAdminApi } from '../../session';
import type { ConnectionDraft } from './ConnectionFields';

/**
 * Fills the endpoints from the issuer's public discovery document (GET /admin/federation/oidc/discovery, which
 * applies the outbound address policy). The admin may still enter or change them by hand.
 */
export function DiscoveryLookup({
  issuer,
  discoveryUrl,
  onFound,
  disabled,
}: {
  issuer: string;
  discoveryUrl: string;
  onFound: (endpoints: Partial<ConnectionDraft>) => void;
  disabled: boolean;
}) {
  const api = useAdminApi();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ found: FederationDiscovery } | { error: unknown } | null>(null);

  async function lookUp() {
    setBusy(true);
    setResult(null);
    try {
      const found = await api.get<FederationDiscovery>(
        withQuery('/admin/federation/oidc/discovery', { issuer: discoveryUrl.trim() || issuer.trim() }),
      );
      onFound({
        authorizationEndpoint: found.authorizationEndpoint,
        tokenEndpoint: found.tokenEndpoint,
        jwksUri: found.jwksUri,
        userinfoEndpoint: found.userinfoEndpoint ?? '',
      });
      setResult({ found });
    } catch (error) {
      setResult({ error });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="field">
      <Button
        type="button"
        variant="secondary"
        disabled={disabled || busy || issuer.trim() === ''}
        onClick={lookUp}
      >
        {busy ? t('federation.discovery.busy') : t('federation.discovery.button')}
      </Button>
      {result && 'found' in result ? (
        <Notice title={t('federation.discovery.found')}>
          <p>{rich('federation.discovery.found.body', { issuer: <code>{result.found.issuer}</code> })}</p>
        </Notice>
      ) : null}
      {result && 'error' in result ? (
        <ErrorPanel title={t('federation.discovery.failed')}>
          <p>{describeError(result.error)}</p>
        </ErrorPanel>
      ) : null}
    </div>
  );
}
