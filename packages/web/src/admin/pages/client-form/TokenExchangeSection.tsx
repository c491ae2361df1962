import { TextAreaField } from '../../../shared/TextAreaField';
import { type ClientSectionProps, TOKEN_EXCHANGE } from './client-draft';

/**
 * The token-exchange policy (RFC 8693, docs/integration.md#token-exchange): shown while the grant is ticked. The
 * audiences the client may ask for, the scopes it may pass on, and other clients whose users' tokens it may trade.
 */
export function TokenExchangeSection({ draft, set, errors }: ClientSectionProps) {
  if (!draft.grants.has(TOKEN_EXCHANGE)) return null;
  return (
    <fieldset className="section">
      <legend>Token exchange</legend>
      <TextAreaField
        label="Audiences it may request"
        hint="One per line: an API's name (audience) or its URL (resource), compared exactly. Anything else is refused with invalid_target."
        value={draft.exchangeAudiences}
        rows={3}
        spellCheck={false}
        error={errors.exchangeAudiences}
        onChange={(event) => set({ exchangeAudiences: event.target.value })}
      />
      <TextAreaField
        label="Scopes it may pass on"
        hint="One per line. An exchanged token carries only these, and only those the user's token already has."
        value={draft.exchangeScopes}
        rows={3}
        spellCheck={false}
        error={errors.exchangeScopes}
        onChange={(event) => set({ exchangeScopes: event.target.value })}
      />
      <TextAreaField
        label="Other clients whose tokens it may exchange (optional)"
        hint="One client ID per line. Without any, it exchanges only tokens issued to itself."
        value={draft.exchangeSubjectClients}
        rows={2}
        spellCheck={false}
        error={errors.exchangeSubjectClients}
        onChange={(event) => set({ exchangeSubjectClients: event.target.value })}
      />
    </fieldset>
  );
}
