import { useState } from 'react';
import { CheckboxField } from '../../../shared/CheckboxField';
import { TextField } from '../../../shared/TextField';
import {
  ConnectionCreateForm,
  ConnectionCreatePage,
  useConnectionCreate,
} from '../../components/connections/ConnectionCreate';
import { t } from '../../i18n/text';
import { useAdmin } from '../../session';
import {
  type ConnectionDraft,
  type ConnectionFieldError,
  ConnectionFields,
  checkConnectionDraft,
  connectionBody,
  connectionDraft,
} from './ConnectionFields';
import { DiscoveryLookup } from './DiscoveryLookup';

/** Creates a connection from an issuer URL: discovery fills the endpoints, or the admin enters them. */
export function FederationConnectionCreatePage() {
  const { canWrite } = useAdmin();
  const [draft, setDraft] = useState<ConnectionDraft>(() => connectionDraft(null));
  const [clientSecret, setClientSecret] = useState('');
  const [enabled, setEnabled] = useState(true);
  const { formRef, fieldErrors, busy, error, onSubmit } = useConnectionCreate<ConnectionFieldError>(
    '/admin/federation/connections',
    '/federation',
  );
  const change = (update: Partial<ConnectionDraft>) => setDraft((previous) => ({ ...previous, ...update }));

  return (
    <ConnectionCreatePage
      title={t('federation.create.title')}
      breadcrumb={{ to: '/federation', label: t('federation.breadcrumb') }}
      error={error}
    >
      <ConnectionCreateForm
        formRef={formRef}
        busy={busy}
        onSubmit={(event) =>
          onSubmit(
            event,
            () => checkConnectionDraft(draft),
            () => ({
              ...connectionBody(draft, false),
              ...(clientSecret === '' ? {} : { clientSecret }),
              enabled,
            }),
          )
        }
      >
        <ConnectionFields
          draft={draft}
          errors={fieldErrors}
          onChange={change}
          disabled={!canWrite}
          afterIssuer={
            <DiscoveryLookup
              issuer={draft.issuer}
              discoveryUrl={draft.discoveryUrl}
              disabled={!canWrite}
              onFound={change}
            />
          }
        />
        <TextField
          type="password"
          label={t('federation.create.secret')}
          hint={t('federation.create.secret.hint')}
          autoComplete="off"
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
        />
        <CheckboxField
          label={t('federation.create.enabled')}
          hint={t('federation.create.enabled.hint')}
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
      </ConnectionCreateForm>
    </ConnectionCreatePage>
  );
}
