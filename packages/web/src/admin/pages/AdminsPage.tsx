import { type FormEvent, useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { EmailField } from '../../shared/EmailField';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { NewPasswordField } from '../../shared/NewPasswordField';
import { Notice } from '../../shared/Notice';
import { RadioGroup } from '../../shared/RadioGroup';
import { TextField } from '../../shared/TextField';
import { useCheckedSubmit } from '../../shared/use-checked-submit';
import { AdminLayout } from '../components/AdminLayout';
import { ConfirmAction } from '../components/ConfirmAction';
import { DataTable } from '../components/DataTable';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { describeError } from '../error-text';
import type { AdminMessageKey } from '../i18n/messages';
import { rich, t } from '../i18n/text';
import { createAdminUser, preloadOpaque } from '../opaque-flows';
import { type AdminRole, useAdmin, useAdminApi, useSession } from '../session';
import type { AdminUserView } from '../types';
import { useLoad } from '../use-load';
import { emailError, NEW_PASSWORD_HINT, newPasswordError } from '../validation';

const ROLE_TEXT: Record<AdminRole, AdminMessageKey> = {
  write: 'admins.role.write',
  read: 'admins.role.read',
};

/** Admin users: list, create (password registered here with OPAQUE), change role, remove. */
export function AdminsPage() {
  const api = useAdminApi();
  const { admin: me, canWrite } = useAdmin();
  const { refresh } = useSession();
  const admins = useLoad('admins', (signal) =>
    api.get<AdminApiResponse<'GET /admin/admin-users'>>('/admin/admin-users', signal),
  );
  const [message, setMessage] = useState<
    { kind: 'done'; text: string } | { kind: 'failed'; error: unknown } | null
  >(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function changeRole(target: AdminUserView, role: AdminRole) {
    setBusyId(target.id);
    setMessage(null);
    try {
      await api.put(`/admin/admin-users/${encodeURIComponent(target.id)}/role`, { role });
      // Your own role changed: what this portal lets you do changes with it.
      if (target.id === me.id) {
        refresh();
        return;
      }
      setMessage({
        kind: 'done',
        text:
          role === 'write'
            ? t('admins.roleChanged.write', { email: target.email })
            : t('admins.roleChanged.read', { email: target.email }),
      });
      admins.reload();
    } catch (error) {
      setMessage({ kind: 'failed', error });
    } finally {
      setBusyId(null);
    }
  }

  async function remove(target: AdminUserView) {
    setMessage(null);
    try {
      await api.delete(`/admin/admin-users/${encodeURIComponent(target.id)}`);
      if (target.id === me.id) {
        refresh();
        return;
      }
      setMessage({ kind: 'done', text: t('admins.removed', { email: target.email }) });
      admins.reload();
    } catch (error) {
      setMessage({ kind: 'failed', error });
    }
  }

  return (
    <AdminLayout title={t('admins.title')}>
      <ReadOnlyNotice />
      <p>{t('admins.about')}</p>
      {message?.kind === 'done' ? (
        <Notice title={t('common.done')}>
          <p>{message.text}</p>
        </Notice>
      ) : null}
      {message?.kind === 'failed' ? (
        <ErrorPanel title={t('admins.failed')}>
          <p>{describeError(message.error)}</p>
        </ErrorPanel>
      ) : null}
      {admins.error ? (
        <ErrorPanel title={t('admins.loadFailed')}>
          <p>{describeError(admins.error)}</p>
        </ErrorPanel>
      ) : null}
      {admins.data === undefined ? (
        admins.loading ? (
          <Loading />
        ) : null
      ) : (
        <DataTable
          caption={t('admins.table.caption')}
          columns={[
            t('admins.column.email'),
            t('admins.column.name'),
            t('admins.column.role'),
            t('admins.column.status'),
            ...(canWrite ? [t('admins.column.actions')] : []),
          ]}
        >
          {admins.data.admins.map((admin) => {
            const other: AdminRole = admin.role === 'write' ? 'read' : 'write';
            const makeOther = other === 'write' ? t('admins.makeWrite') : t('admins.makeRead');
            return (
              <tr key={admin.id}>
                <th scope="row">
                  {admin.email}
                  {admin.id === me.id ? <span className="muted"> {t('admins.you')}</span> : null}
                </th>
                <td>{admin.name || <span className="muted">—</span>}</td>
                <td>{t(ROLE_TEXT[admin.role])}</td>
                <td>{admin.status}</td>
                {canWrite ? (
                  <td className="row-actions">
                    <Button
                      variant="secondary"
                      className="button-small"
                      disabled={busyId === admin.id}
                      onClick={() => changeRole(admin, other)}
                      // The visible words first, then whose role (WCAG 2.5.3 Label in Name).
                      aria-label={t('admins.makeWhom', { action: makeOther, email: admin.email })}
                    >
                      {makeOther}
                    </Button>
                    <ConfirmAction
                      label={t('admins.remove.label', { email: admin.email })}
                      question={
                        <p>
                          {rich('admins.remove.question', { email: <strong>{admin.email}</strong> })}
                          {admin.id === me.id ? ` ${t('admins.remove.signsYouOut')}` : ''}
                        </p>
                      }
                      confirmLabel={t('admins.remove.confirm')}
                      busyLabel={t('admins.remove.busy')}
                      onConfirm={() => remove(admin)}
                    />
                  </td>
                ) : null}
              </tr>
            );
          })}
        </DataTable>
      )}
      {canWrite ? <CreateAdminSection onCreated={admins.reload} /> : null}
    </AdminLayout>
  );
}

function CreateAdminSection({ onCreated }: { onCreated: () => void }) {
  const api = useAdminApi();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AdminRole>('read');
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'email' | 'password'>();
  const [outcome, setOutcome] = useState<
    { kind: 'done'; email: string } | { kind: 'failed'; error: unknown } | null
  >(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ email: emailError(email), password: newPasswordError(password) }),
      async () => {
        setOutcome(null);
        try {
          const created = await createAdminUser(api, {
            email: email.trim(),
            name: name.trim(),
            role,
            password,
          });
          setOutcome({ kind: 'done', email: created.email });
          setEmail('');
          setName('');
          setPassword('');
          onCreated();
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <section className="section" aria-labelledby="create-admin-heading">
      <h2 id="create-admin-heading">{t('admins.create.heading')}</h2>
      {outcome?.kind === 'done' ? (
        <Notice title={t('admins.create.done.title')}>
          <p>{rich('admins.create.done.body', { email: <strong>{outcome.email}</strong> })}</p>
        </Notice>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <ErrorPanel title={t('admins.create.failed')}>
          <p>{describeError(outcome.error)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy} onFocus={preloadOpaque}>
        <EmailField
          label={t('admins.create.email')}
          autoComplete="off"
          value={email}
          error={fieldErrors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={t('admins.create.name')}
          autoComplete="off"
          maxLength={200}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <NewPasswordField
          label={t('admins.create.password')}
          hint={t('admins.create.passwordHint', { rule: NEW_PASSWORD_HINT })}
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <RadioGroup
          legend={t('admins.create.role')}
          name="new-admin-role"
          value={role}
          onChange={setRole}
          options={[
            { value: 'read', label: t('admins.role.read'), hint: t('admins.create.role.readHint') },
            { value: 'write', label: t('admins.role.write'), hint: t('admins.create.role.writeHint') },
          ]}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('admins.create.adding') : t('admins.create.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
