import { useState } from 'react';
import type { AdminApiBody, AdminApiResponse } from '../../shared/api-types/admin-api';
import { CheckboxGroup } from '../../shared/CheckboxGroup';
import { TextField } from '../../shared/TextField';
import { TokenListPage } from '../components/TokenListPage';
import { Time } from '../format';
import { rich, t } from '../i18n/text';

type AdminToken = AdminApiResponse<'GET /admin/tokens'>['tokens'][number];
type Scope = NonNullable<AdminApiBody<'POST /admin/tokens'>>['scopes'][number];

/** The scopes a token may hold (docs/admin-api-tokens.md), in the order the form lists them. */
const SCOPE_OPTIONS: { value: Scope; label: string; hint?: string }[] = [
  { value: 'read', label: t('tokens.admin.scope.read'), hint: t('tokens.admin.scope.read.hint') },
  { value: 'users:write', label: t('tokens.admin.scope.users') },
  {
    value: 'clients:write',
    label: t('tokens.admin.scope.clients'),
    hint: t('tokens.admin.scope.clients.hint'),
  },
  { value: 'organizations:write', label: t('tokens.admin.scope.organizations') },
  {
    value: 'settings:write',
    label: t('tokens.admin.scope.settings'),
    hint: t('tokens.admin.scope.settings.hint'),
  },
  { value: 'keys:write', label: t('tokens.admin.scope.keys') },
  { value: 'scim:write', label: t('tokens.admin.scope.scim') },
  { value: 'federation:write', label: t('tokens.admin.scope.federation') },
  { value: 'audit:write', label: t('tokens.admin.scope.audit'), hint: t('tokens.admin.scope.audit.hint') },
  { value: 'webhooks:write', label: t('tokens.admin.scope.webhooks') },
];

/** A date field's value (local midnight at the end of that day) as the instant the API takes, or an error. */
function expiryOf(day: string): { expiresAt?: string; error?: string } {
  if (day === '') return {};
  const end = new Date(`${day}T23:59:59`);
  if (Number.isNaN(end.getTime())) return { error: t('tokens.admin.expiry.invalid') };
  if (end <= new Date()) return { error: t('tokens.admin.expiry.past') };
  return { expiresAt: end.toISOString() };
}

/**
 * Admin API tokens for CI jobs, tooling and scripts (docs/admin-api-tokens.md): every admin sees the list; a write
 * admin creates a token (its value shown exactly once) and revokes one.
 */
export function AdminTokensPage() {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['read']);
  const [expiryDay, setExpiryDay] = useState('');

  return (
    <TokenListPage<AdminToken, 'name' | 'scopes' | 'expiry'>
      title={t('tokens.admin.title')}
      intro={<p>{rich('tokens.admin.intro', { header: <code>Authorization: Bearer tsa_…</code> })}</p>}
      path="/admin/tokens"
      nameOf={(token) => token.name}
      reveal={t('tokens.admin.reveal')}
      empty={t('tokens.admin.empty')}
      caption={t('tokens.admin.caption')}
      nameColumn={t('tokens.admin.column.name')}
      columns={[
        t('tokens.admin.column.scopes'),
        t('tokens.admin.column.createdBy'),
        t('tokens.list.status'),
        t('tokens.admin.column.lastUsed'),
        t('tokens.list.expires'),
      ]}
      rowTestId="admin-token"
      cells={(token) => (
        <>
          <td>{token.scopes.join(', ')}</td>
          <td>
            {token.createdBy.email}, <Time value={token.createdAt} />
          </td>
          <td>{token.status}</td>
          <td>{token.lastUsedAt ? <Time value={token.lastUsedAt} /> : t('tokens.admin.never')}</td>
          <td>{token.expiresAt ? <Time value={token.expiresAt} /> : t('tokens.admin.never')}</td>
        </>
      )}
      revokeQuestion={(tokenName) => t('tokens.admin.revoke.question', { name: tokenName })}
      revokedText={(tokenName) => t('tokens.admin.revoked', { name: tokenName })}
      form={{
        heading: t('tokens.admin.form.heading'),
        submitLabel: t('tokens.admin.form.submit'),
        busyLabel: t('tokens.admin.form.busy'),
        check: () => ({
          name: name.trim() === '' ? t('tokens.admin.form.name.missing') : undefined,
          scopes: scopes.length === 0 ? t('tokens.admin.form.scopes.missing') : undefined,
          expiry: expiryOf(expiryDay).error,
        }),
        body: () => {
          const expiresAt = expiryOf(expiryDay).expiresAt;
          return {
            name: name.trim(),
            scopes,
            ...(expiresAt ? { expiresAt } : {}),
          } satisfies AdminApiBody<'POST /admin/tokens'>;
        },
        reset: () => {
          setName('');
          setScopes(['read']);
          setExpiryDay('');
        },
        fields: (errors) => (
          <>
            <TextField
              label={t('tokens.admin.form.name')}
              value={name}
              maxLength={200}
              error={errors.name}
              onChange={(event) => setName(event.target.value)}
            />
            <CheckboxGroup
              legend={t('tokens.admin.form.scopes')}
              hint={t('tokens.admin.form.scopes.hint')}
              error={errors.scopes}
              options={SCOPE_OPTIONS}
              selected={scopes}
              onChange={(selected) => setScopes(selected as Scope[])}
            />
            <TextField
              label={t('tokens.admin.form.expiry')}
              hint={t('tokens.admin.form.expiry.hint')}
              type="date"
              value={expiryDay}
              error={errors.expiry}
              onChange={(event) => setExpiryDay(event.target.value)}
            />
          </>
        ),
      }}
    />
  );
}
