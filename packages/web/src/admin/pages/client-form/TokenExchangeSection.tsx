import { TextAreaField } from '../../../shared/TextAreaField';
import { t } from '../../i18n/text';
import { type ClientSectionProps, TOKEN_EXCHANGE } from './client-draft';

/**
 * The token-exchange policy (RFC 8693, docs/integration.md#token-exchange): shown while the grant is ticked. The
 * audiences the client may ask for, the scopes it may pass on, and other clients whose users' tokens it may trade.
 */
export function TokenExchangeSection({ draft, set, errors }: ClientSectionProps) {
  if (!draft.grants.has(TOKEN_EXCHANGE)) return null;
  return (
    <fieldset className="section">
      <legend>{t('clients.form.exchange.legend')}</legend>
      <TextAreaField
        label={t('clients.form.exchange.audiences.label')}
        hint={t('clients.form.exchange.audiences.hint')}
        value={draft.exchangeAudiences}
        rows={3}
        spellCheck={false}
        error={errors.exchangeAudiences}
        onChange={(event) => set({ exchangeAudiences: event.target.value })}
      />
      <TextAreaField
        label={t('clients.form.exchange.scopes.label')}
        hint={t('clients.form.exchange.scopes.hint')}
        value={draft.exchangeScopes}
        rows={3}
        spellCheck={false}
        error={errors.exchangeScopes}
        onChange={(event) => set({ exchangeScopes: event.target.value })}
      />
      <TextAreaField
        label={t('clients.form.exchange.subjectClients.label')}
        hint={t('clients.form.exchange.subjectClients.hint')}
        value={draft.exchangeSubjectClients}
        rows={2}
        spellCheck={false}
        error={errors.exchangeSubjectClients}
        onChange={(event) => set({ exchangeSubjectClients: event.target.value })}
      />
    </fieldset>
  );
}
