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
import { createAdminUser, preloadOpaque } from '../opaque-flows';
import { type AdminRole, useAdmin, useAdminApi, useSession } from '../session';
import type { AdminUserView } from '../types';
import { useLoad } from '../use-load';
import { emailError, NEW_PASSWORD_HINT, newPasswordError } from '../validation';

const ROLE_TEXT: Record<AdminRole, string> = { write: 'Write', read: 'Read-only' };

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
        text: `${target.email} is now a ${role === 'write' ? 'write' : 'read-only'} admin.`,
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
      setMessage({ kind: 'done', text: `${target.email} is no longer an admin.` });
      admins.reload();
    } catch (error) {
      setMessage({ kind: 'failed', error });
    }
  }

  return (
    <AdminLayout title="Admins">
      <ReadOnlyNotice />
      <p>
        Admins sign in to this portal. Write admins can change everything; read-only admins can look. There is
        always at least one write admin.
      </p>
      {message?.kind === 'done' ? (
        <Notice title="Done">
          <p>{message.text}</p>
        </Notice>
      ) : null}
      {message?.kind === 'failed' ? (
        <ErrorPanel title="That did not work">
          <p>{describeError(message.error)}</p>
        </ErrorPanel>
      ) : null}
      {admins.error ? (
        <ErrorPanel title="The admins could not be loaded">
          <p>{describeError(admins.error)}</p>
        </ErrorPanel>
      ) : null}
      {admins.data === undefined ? (
        admins.loading ? (
          <Loading />
        ) : null
      ) : (
        <DataTable
          caption="Admins"
          columns={
            canWrite ? ['Email', 'Name', 'Role', 'Status', 'Actions'] : ['Email', 'Name', 'Role', 'Status']
          }
        >
          {admins.data.admins.map((admin) => {
            const other: AdminRole = admin.role === 'write' ? 'read' : 'write';
            return (
              <tr key={admin.id}>
                <th scope="row">
                  {admin.email}
                  {admin.id === me.id ? <span className="muted"> (you)</span> : null}
                </th>
                <td>{admin.name || <span className="muted">—</span>}</td>
                <td>{ROLE_TEXT[admin.role]}</td>
                <td>{admin.status}</td>
                {canWrite ? (
                  <td className="row-actions">
                    <Button
                      variant="secondary"
                      className="button-small"
                      disabled={busyId === admin.id}
                      onClick={() => changeRole(admin, other)}
                      // The visible words first, then whose role (WCAG 2.5.3 Label in Name).
                      aria-label={`${other === 'write' ? 'Make write admin' : 'Make read-only'}: ${admin.email}`}
                    >
                      {other === 'write' ? 'Make write admin' : 'Make read-only'}
                    </Button>
                    <ConfirmAction
                      label={`Remove ${admin.email}`}
                      question={
                        <p>
                          Remove <strong>{admin.email}</strong> as an admin?
                          {admin.id === me.id ? ' You will be signed out.' : ''}
                        </p>
                      }
                      confirmLabel="Remove admin"
                      busyLabel="Removing…"
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
      <h2 id="create-admin-heading">Add an admin</h2>
      {outcome?.kind === 'done' ? (
        <Notice title="Admin added">
          <p>
            <strong>{outcome.email}</strong> can sign in now. Give them the password through a safe channel
            and ask them to change it under “Your account”.
          </p>
        </Notice>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <ErrorPanel title="The admin was not added">
          <p>{describeError(outcome.error)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy} onFocus={preloadOpaque}>
        <EmailField
          label="Admin email address"
          autoComplete="off"
          value={email}
          error={fieldErrors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Name (optional)"
          autoComplete="off"
          maxLength={200}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <NewPasswordField
          label="Initial password"
          hint={`${NEW_PASSWORD_HINT} Registered in this browser; the server never sees it.`}
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <RadioGroup
          legend="Role"
          name="new-admin-role"
          value={role}
          onChange={setRole}
          options={[
            { value: 'read', label: 'Read-only', hint: 'Can look at everything, change nothing.' },
            { value: 'write', label: 'Write', hint: 'Can change everything, including other admins.' },
          ]}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'Adding…' : 'Add admin'}
          </Button>
        </div>
      </form>
    </section>
  );
}
