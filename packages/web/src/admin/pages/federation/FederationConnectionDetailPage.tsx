import { type FormEvent, useState } from 'react';
import { Notice } from '../../../shared/Notice';
import { useRouter } from '../../../shared/router';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { AdminLayout } from '../../components/AdminLayout';
import { ConfirmAction } from '../../components/ConfirmAction';
import { DeleteSection } from '../../components/DeleteSection';
import { DetailLoading } from '../../components/DetailLoading';
import { EditSection } from '../../components/EditSection';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import type { FederationConnectionView } from '../../federation-types';
import { goTo, withQuery } from '../../navigation';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
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

const BREADCRUMB = { to: '/federation', label: 'All connections' };

/** One upstream connection: what to register at the provider, its state, secret, settings, domains, deletion. */
export function FederationConnectionDetailPage() {
  const { params, searchParams } = useRouter();
  const connectionId = params.connectionId ?? '';
  const api = useAdminApi();
  const connection = useLoad(connectionId, (signal) =>
    api.get<FederationConnectionView>(connectionPath(connectionId), signal),
  );
  if (connection.data === undefined)
    return (
      <DetailLoading
        title="Federation connection"
        breadcrumb={BREADCRUMB}
        failedTitle="The connection could not be loaded"
        error={connection.error}
      />
    );
  return (
    <ConnectionDetail
      connection={connection.data}
      created={searchParams.get('created') === '1'}
      onChanged={connection.setData}
    />
  );
}

function ConnectionDetail({
  connection,
  created,
  onChanged,
}: {
  connection: FederationConnectionView;
  created: boolean;
  onChanged: (connection: FederationConnectionView) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  return (
    <AdminLayout title={connection.name} breadcrumb={BREADCRUMB}>
      <ReadOnlyNotice />
      {created ? (
        <Notice title="Connection created">
          <p>
            Register the redirect URI below at the provider, then verify the domains: until a domain is
            verified, no one is routed to this provider.
          </p>
        </Notice>
      ) : null}
      <dl className="summary-list">
        <div>
          <dt>Redirect URI (register it at the provider)</dt>
          <dd>
            <code data-testid="federation-redirect-uri">{connection.redirectUri}</code>
          </dd>
        </div>
        <div>
          <dt>Issuer</dt>
          <dd>
            <code>{connection.issuer}</code>
          </dd>
        </div>
      </dl>
      <StateSection connection={connection} onChanged={onChanged} />
      <ClientSecretSection connection={connection} onChanged={onChanged} />
      <SettingsSection connection={connection} onChanged={onChanged} />
      <DomainsSection connection={connection} onChanged={onChanged} />
      {canWrite ? (
        <DeleteSection
          heading="Delete this connection"
          explanation="Its domains stop routing and its links to accounts are removed; the accounts themselves stay."
          label="Delete connection"
          question={<p>Delete “{connection.name}”, its domains and its links?</p>}
          failedTitle="The connection was not deleted"
          onDelete={async () => {
            await api.delete(connectionPath(connection.id));
            goTo(withQuery('/federation', { deleted: connection.name }));
          }}
        />
      ) : null}
    </AdminLayout>
  );
}

/** Enabled or disabled: a disabled connection routes no one and refuses sign-ins through it. */
function StateSection({
  connection,
  onChanged,
}: {
  connection: FederationConnectionView;
  onChanged: (connection: FederationConnectionView) => void;
}) {
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
        text: enabled
          ? 'The connection is enabled: its verified domains sign in through it.'
          : 'The connection is disabled: its domains sign in locally, and sign-ins through it are refused.',
      });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  }

  return (
    <section className="section" aria-labelledby="state-heading">
      <h2 id="state-heading">State</h2>
      <OutcomeMessage outcome={outcome} failedTitle="The state was not changed" />
      <p data-testid="connection-state">{connection.enabled ? 'Enabled' : 'Disabled'}</p>
      {canWrite ? (
        <ConfirmAction
          label={connection.enabled ? 'Disable connection' : 'Enable connection'}
          question={
            <p>
              {connection.enabled
                ? `Disable “${connection.name}”? Its people then sign in with a password or passkey, if they have one.`
                : `Enable “${connection.name}”? Its verified domains then sign in through it.`}
            </p>
          }
          confirmLabel={connection.enabled ? 'Disable now' : 'Enable now'}
          busyLabel="Saving…"
          danger={connection.enabled}
          onConfirm={() => setEnabled(!connection.enabled)}
        />
      ) : null}
    </section>
  );
}

function SettingsSection({
  connection,
  onChanged,
}: {
  connection: FederationConnectionView;
  onChanged: (connection: FederationConnectionView) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [draft, setDraft] = useState<ConnectionDraft>(() => connectionDraft(connection));
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<ConnectionFieldError>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const change = (update: Partial<ConnectionDraft>) => setDraft((previous) => ({ ...previous, ...update }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => checkConnectionDraft(draft),
      async () => {
        setOutcome(null);
        try {
          const body = connectionBody(draft, true);
          // An API-set 'email' policy the admin did not replace is sent back as it is (the portal never offers it).
          const updated = await api.put<FederationConnectionView>(connectionPath(connection.id), body);
          onChanged(updated);
          setDraft(connectionDraft(updated));
          setOutcome({ kind: 'done', text: 'The changes are saved; the next sign-in follows them.' });
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <EditSection
      heading="Settings"
      outcome={outcome}
      failedTitle="The changes were not saved"
      formRef={formRef}
      busy={busy}
      onSubmit={onSubmit}
      editable={canWrite}
      submitLabel="Save settings"
    >
      <ConnectionFields
        draft={draft}
        errors={fieldErrors}
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
    </EditSection>
  );
}
