import { useState } from 'react';
import type { AdminApiBody, AdminApiResponse } from '../../shared/api-types/admin-api';
import { TextField } from '../../shared/TextField';
import { TokenListPage } from '../components/TokenListPage';
import { Time } from '../format';
import { rich, t } from '../i18n/text';

type RegistrationToken = AdminApiResponse<'GET /admin/initial-access-tokens'>['tokens'][number];

const DAY_SECONDS = 86_400;

/** A whole number typed in a field, or undefined when empty; NaN for anything else. */
function wholeNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  return /^[0-9]+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** What the list says of a token's state. */
const STATUS_TEXT: Record<RegistrationToken['status'], string> = {
  active: t('tokens.registration.status.active'),
  expired: t('tokens.registration.status.expired'),
  revoked: t('tokens.registration.status.revoked'),
  used_up: t('tokens.registration.status.usedUp'),
};

/**
 * Initial access tokens for Dynamic Client Registration (docs/client-registration.md): every admin sees the list; a
 * write admin issues one (its value shown exactly once) and revokes one.
 */
export function RegistrationTokensPage() {
  const [description, setDescription] = useState('');
  const [days, setDays] = useState('7');
  const [maxUses, setMaxUses] = useState('1');
  const lifetime = wholeNumber(days);
  const uses = wholeNumber(maxUses);

  return (
    <TokenListPage<RegistrationToken, 'description' | 'days' | 'maxUses'>
      title={t('tokens.registration.title')}
      intro={
        <p>
          {rich('tokens.registration.intro', {
            register: <code>/register</code>,
            header: <code>Authorization: Bearer tessera_iat_…</code>,
            setting: <code>client_registration.open</code>,
          })}
        </p>
      }
      path="/admin/initial-access-tokens"
      nameOf={(token) => token.description}
      reveal={t('tokens.registration.reveal')}
      empty={t('tokens.registration.empty')}
      caption={t('tokens.registration.caption')}
      nameColumn={t('tokens.registration.column.for')}
      columns={[
        t('tokens.registration.column.uses'),
        t('tokens.list.status'),
        t('tokens.registration.column.created'),
        t('tokens.list.expires'),
      ]}
      rowTestId="registration-token"
      cells={(token) => (
        <>
          <td>
            {token.max_uses === null
              ? token.uses
              : t('tokens.registration.usesOf', { uses: token.uses, max: token.max_uses })}
          </td>
          <td>{STATUS_TEXT[token.status]}</td>
          <td>
            <Time value={token.created_at} />
          </td>
          <td>
            <Time value={token.expires_at} />
          </td>
        </>
      )}
      revokeQuestion={(name) => t('tokens.registration.revoke.question', { name })}
      revokedText={(name) => t('tokens.registration.revoked', { name })}
      form={{
        heading: t('tokens.registration.form.heading'),
        submitLabel: t('tokens.registration.form.submit'),
        busyLabel: t('tokens.registration.form.busy'),
        check: () => ({
          description: description.trim() === '' ? t('tokens.registration.form.for.missing') : undefined,
          days:
            lifetime === undefined || Number.isNaN(lifetime) || lifetime < 1 || lifetime > 365
              ? t('tokens.registration.form.days.invalid')
              : undefined,
          maxUses:
            uses !== undefined && (Number.isNaN(uses) || uses < 1 || uses > 1_000_000)
              ? t('tokens.registration.form.uses.invalid')
              : undefined,
        }),
        body: () =>
          ({
            description: description.trim(),
            expires_in_seconds: (lifetime ?? 7) * DAY_SECONDS,
            max_uses: uses ?? null,
          }) satisfies AdminApiBody<'POST /admin/initial-access-tokens'>,
        reset: () => setDescription(''),
        fields: (errors) => (
          <>
            <TextField
              label={t('tokens.registration.form.for')}
              hint={t('tokens.registration.form.for.hint')}
              value={description}
              maxLength={200}
              error={errors.description}
              onChange={(event) => setDescription(event.target.value)}
            />
            <TextField
              label={t('tokens.registration.form.days')}
              inputMode="numeric"
              value={days}
              error={errors.days}
              onChange={(event) => setDays(event.target.value)}
            />
            <TextField
              label={t('tokens.registration.form.uses')}
              hint={t('tokens.registration.form.uses.hint')}
              inputMode="numeric"
              value={maxUses}
              error={errors.maxUses}
              onChange={(event) => setMaxUses(event.target.value)}
            />
          </>
        ),
      }}
    />
  );
}
