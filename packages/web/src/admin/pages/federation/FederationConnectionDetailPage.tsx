import { useState } from 'react';
import { ConfirmAction } from '../../components/ConfirmAction';
import {
  ConnectionDetailFrame,
  ConnectionDetailPage,
  type ConnectionProps,
  ConnectionSettingsSection,
  SummaryRow,
} from '../../components/connections/ConnectionDetail';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import type { FederationConnectionView } from '../../federation-types';
import { t } from '../../i18n/text';
import { useAdmin, useAdminApi } from '../../session';
import { ClientSecretSection } from './ClientSecretSection';
import {
  type ConnectionDraft,
  type ConnectionFieldError,
  ConnectionFields,
  checkConnectionDraft,
  connectionBody,
  connectionDraft,
} from './ConnectionFields';
import { connectionPath, identityOf } from './connection-api';
import { DiscoveryLookup } from './DiscoveryLookup';
import { DomainsSection } from './DomainsSection';

const BREADCRUMB = { to: '/federation', label: t('federation.breadcrumb') };

/** One upstream connection: what to register at the provider, its state, secret, settings, domains, deletion. */
export function FederationConnectionDetailPage() {
  return (
    <ConnectionDetailPage<FederationConnectionView>
      apiPath={connectionPath}
      title={t('federation.detail.title')}
      breadcrumb={BREADCRUMB}
      render={(props) => <ConnectionDetail {...props} />}
    />
  );
}

function ConnectionDetail({
  connection,
  created,
  onChanged,
}: ConnectionProps<FederationConnectionView> & { created: boolean }) {
  return (
    <ConnectionDetailFrame
      connection={connection}
      breadcrumb={BREADCRUMB}
      created={created ? t('federation.detail.created') : null}
      summary={
        <>
          <SummaryRow term={t('federation.detail.redirectUri')}>
            <code data-testid="federation-redirect-uri">{connection.redirectUri}</code>
          </SummaryRow>
          <SummaryRow term={t('federation.detail.issuer')}>
            <code>{connection.issuer}</code>
          </SummaryRow>
        </>
      }
      deletion={{
        apiPath: connectionPath(connection.id),
        explanation: t('federation.detail.delete.explanation'),
        question: t('federation.detail.delete.question', { name: connection.name }),
      }}
    >
      <StateSection connection={connection} onChanged={onChanged} />
      <ClientSecretSection connection={connection} onChanged={onChanged} />
      <SettingsSection connection={connection} onChanged={onChanged} />
      <DomainsSection connection={connection} onChanged={onChanged} />
    </ConnectionDetailFrame>
  );
}

/** Enabled or disabled: a disabled connection routes no one and refuses sign-ins through it. */
function StateSection({ connection, onChanged }: ConnectionProps<FederationConnectionView>) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function setEnabled(enabled: boolean) {
    setOutcome(null);
    try {
      const updated = await api.put<FederationConnectionView>(connectionPath(connection.id), {
        ...identityOf(connection),
        enabled,
      });
      onChanged(updated);
      setOutcome({
        kind: 'done',
        text: enabled ? t('federation.state.enabledDone') : t('federation.state.disabledDone'),
      });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <section className="section" aria-labelledby="state-heading">
      <h2 id="state-heading">{t('federation.state.heading')}</h2>
      <OutcomeMessage outcome={outcome} failedTitle={t('federation.state.failed')} />
      <p data-testid="connection-state">
        {connection.enabled ? t('federation.state.enabled') : t('federation.state.disabled')}
      </p>
      {canWrite ? (
        <ConfirmAction
          label={connection.enabled ? t('federation.state.disable') : t('federation.state.enable')}
          question={
            <p>
              {connection.enabled
                ? t('federation.state.disable.question', { name: connection.name })
                : t('federation.state.enable.question', { name: connection.name })}
            </p>
          }
          confirmLabel={
            connection.enabled ? t('federation.state.disable.confirm') : t('federation.state.enable.confirm')
          }
          busyLabel={t('federation.state.saving')}
          danger={connection.enabled}
          onConfirm={() => setEnabled(!connection.enabled)}
        />
      ) : null}
    </section>
  );
}

function SettingsSection({ connection, onChanged }: ConnectionProps<FederationConnectionView>) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [draft, setDraft] = useState<ConnectionDraft>(() => connectionDraft(connection));
  const change = (update: Partial<ConnectionDraft>) => setDraft((previous) => ({ ...previous, ...update }));

  return (
    <ConnectionSettingsSection<ConnectionFieldError>
      check={() => checkConnectionDraft(draft)}
      save={async () => {
        // An API-set 'email' policy the admin did not replace is sent back as it is (the portal never offers it).
        const updated = await api.put<FederationConnectionView>(
          connectionPath(connection.id),
          connectionBody(draft, true),
        );
        onChanged(updated);
        setDraft(connectionDraft(updated));
        return t('federation.detail.saved');
      }}
    >
      {(errors) => (
        <ConnectionFields
          draft={draft}
          errors={errors}
          onChange={change}
          disabled={!canWrite}
          afterIssuer={
            canWrite ? (
              <DiscoveryLookup
                issuer={draft.issuer}
                discoveryUrl={draft.discoveryUrl}
                disabled={!canWrite}
                onFound={change}
              />
            ) : null
          }
        />
      )}
    </ConnectionSettingsSection>
  );
}
