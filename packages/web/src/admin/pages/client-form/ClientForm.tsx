import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../shared/Button';
import type { ClientInput, ClientView } from '../../types';
import { showInvalidFields } from '../../validation';
import { AppearanceSection } from './AppearanceSection';
import { AuthenticationSection } from './AuthenticationSection';
import { BasicsSection } from './BasicsSection';
import { type ClientDraft, type ClientErrors, clientDraft } from './client-draft';
import { clientInput } from './client-input';
import { GrantTypesSection } from './GrantTypesSection';
import { KeyDeliverySection } from './KeyDeliverySection';
import { LogoutSection } from './LogoutSection';
import { RedirectsSection } from './RedirectsSection';
import { ScopesSection } from './ScopesSection';
import { TokenExchangeSection } from './TokenExchangeSection';
import { TokensSection } from './TokensSection';

/**
 * Every writable client field (the server's ClientInputSchema), for registering and for editing. The type is
 * chosen once; the server checks everything again and its message is shown when it refuses.
 */
export function ClientForm({
  client,
  readOnly,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  /** The client being edited; null to register a new one. */
  client: ClientView | null;
  readOnly: boolean;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (input: ClientInput) => void;
}) {
  const [draft, setDraft] = useState(() => clientDraft(client));
  const [errors, setErrors] = useState<ClientErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const creating = client === null;
  const set = (patch: Partial<ClientDraft>) => setDraft((previous) => ({ ...previous, ...patch }));
  const section = { draft, set, errors };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || readOnly) return;
    const { input, errors: found } = clientInput(draft, creating);
    if (Object.values(found).some(Boolean)) {
      showInvalidFields(formRef.current, () => setErrors(found));
      return;
    }
    setErrors(found);
    onSubmit(input);
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-busy={busy} className="wide-form">
      <fieldset className="form-fieldset" disabled={readOnly}>
        <BasicsSection {...section} creating={creating} readOnly={readOnly} />
        <GrantTypesSection {...section} />
        <RedirectsSection {...section} />
        <ScopesSection {...section} />
        <TokensSection {...section} />
        <TokenExchangeSection {...section} />
        <AuthenticationSection {...section} />
        <KeyDeliverySection {...section} />
        <LogoutSection {...section} />
        <AppearanceSection {...section} />
      </fieldset>
      {readOnly ? null : (
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
