import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/Button';
import { NewPasswordField } from '../../shared/NewPasswordField';
import { Notice } from '../../shared/Notice';
import { useRouter } from '../../shared/router';
import { useCheckedSubmit } from '../../shared/use-checked-submit';
import { AdminLayout } from '../components/AdminLayout';
import { ConfirmAction } from '../components/ConfirmAction';
import { DeleteSection } from '../components/DeleteSection';
import { DetailLoading } from '../components/DetailLoading';
import { EditSection } from '../components/EditSection';
import { type Outcome, OutcomeMessage } from '../components/OutcomeMessage';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { type UserProfileDraft, UserProfileFields, userProfileBody } from '../components/UserProfileFields';
import { goTo, withQuery } from '../navigation';
import { preloadOpaque, setUserPassword } from '../opaque-flows';
import { useAdmin, useAdminApi } from '../session';
import type { UserView } from '../types';
import { useLoad } from '../use-load';
import { emailError, newPasswordError } from '../validation';
import { UserDevicesSection } from './users/UserDevicesSection';
import { UserFederatedIdentitiesSection } from './users/UserFederatedIdentitiesSection';
import { UserKeybagSection } from './users/UserKeybagSection';
import { UserOrganizationsSection } from './users/UserOrganizationsSection';
import { UserOtpSection } from './users/UserOtpSection';
import { UserPasskeysSection } from './users/UserPasskeysSection';

const BREADCRUMB = { to: '/users', label: 'All users' };

/** One user: profile, status, two-step verification, password, organizations, deletion. */
export function UserDetailPage() {
  const { params, searchParams } = useRouter();
  const userId = params.userId ?? '';
  const api = useAdminApi();
  const user = useLoad(userId, (signal) =>
    api.get<UserView>(`/admin/users/${encodeURIComponent(userId)}`, signal),
  );

  if (user.data === undefined)
    return (
      <DetailLoading
        title="User"
        breadcrumb={BREADCRUMB}
        failedTitle="The user could not be loaded"
        error={user.error}
      />
    );
  return (
    <UserDetail user={user.data} created={searchParams.get('created') === '1'} onChanged={user.setData} />
  );
}

function UserDetail({
  user,
  created,
  onChanged,
}: {
  user: UserView;
  created: boolean;
  onChanged: (user: UserView) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const path = `/admin/users/${encodeURIComponent(user.id)}`;
  const [statusOutcome, setStatusOutcome] = useState<Outcome>(null);
  const [statusBusy, setStatusBusy] = useState(false);

  async function setStatus(action: 'disable' | 'enable') {
    setStatusBusy(true);
    setStatusOutcome(null);
    try {
      const updated = await api.post<UserView>(`${path}/${action}`);
      onChanged(updated);
      setStatusOutcome({
        kind: 'done',
        text:
          action === 'disable'
            ? 'The account is disabled: its sessions ended and its tokens were revoked.'
            : 'The account is enabled: they can sign in again.',
      });
    } catch (error) {
      setStatusOutcome({ kind: 'failed', error });
    } finally {
      setStatusBusy(false);
    }
  }

  async function endSessions() {
    setStatusOutcome(null);
    try {
      await api.post(`${path}/sessions/end`);
      setStatusOutcome({
        kind: 'done',
        text: 'Their sessions ended: the apps they used were told, and refresh tokens without offline access ended.',
      });
    } catch (error) {
      setStatusOutcome({ kind: 'failed', error });
    }
  }

  return (
    <AdminLayout title={user.name || user.email} breadcrumb={BREADCRUMB}>
      <ReadOnlyNotice />
      {created ? (
        <Notice title="User created">
          <p>
            <strong>{user.email}</strong> has an account without a password. Set one below, or send them a
            password-reset email.
          </p>
        </Notice>
      ) : null}
      <dl className="summary-list">
        <div>
          <dt>User ID</dt>
          <dd>
            <code data-testid="user-id">{user.id}</code>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-badge status-${user.status}`}>{user.status}</span>
          </dd>
        </div>
      </dl>

      <ProfileSection user={user} onChanged={onChanged} />

      <section className="section" aria-labelledby="status-heading">
        <h2 id="status-heading">Access</h2>
        <OutcomeMessage outcome={statusOutcome} failedTitle="The status was not changed" />
        {user.status === 'active' ? (
          <>
            <p>Disabling ends their sessions and revokes their tokens; they cannot sign in until enabled.</p>
            {canWrite ? (
              <ConfirmAction
                label="Disable account"
                question={
                  <p>
                    Disable <strong>{user.email}</strong>? They are signed out everywhere at once.
                  </p>
                }
                confirmLabel="Disable now"
                busyLabel="Disabling…"
                onConfirm={() => setStatus('disable')}
              />
            ) : null}
            <p>
              Signing them out everywhere ends every session they have; apps with back-channel logout are told
              at once. They may sign in again.
            </p>
            {canWrite ? (
              <ConfirmAction
                label="Sign out everywhere"
                question={
                  <p>
                    Sign <strong>{user.email}</strong> out of every session now?
                  </p>
                }
                confirmLabel="Sign out everywhere"
                busyLabel="Signing out…"
                onConfirm={endSessions}
              />
            ) : null}
          </>
        ) : (
          <>
            <p>This account is disabled: they cannot sign in.</p>
            {canWrite ? (
              <Button variant="secondary" disabled={statusBusy} onClick={() => setStatus('enable')}>
                {statusBusy ? 'Enabling…' : 'Enable account'}
              </Button>
            ) : null}
          </>
        )}
      </section>

      <UserOtpSection user={user} />
      <UserPasskeysSection user={user} />
      <UserFederatedIdentitiesSection user={user} />
      <UserDevicesSection user={user} />

      {canWrite ? <PasswordSection user={user} /> : null}

      <UserOrganizationsSection user={user} />

      <UserKeybagSection user={user} />

      {canWrite ? (
        <DeleteSection
          heading="Delete this user"
          explanation="Deleting removes the account and everything issued to it. It cannot be undone."
          label="Delete user"
          question={
            <p>
              Delete the account of <strong>{user.email}</strong> for good?
            </p>
          }
          failedTitle="The user was not deleted"
          onDelete={async () => {
            await api.delete(path);
            goTo(withQuery('/users', { deleted: user.email }));
          }}
        />
      ) : null}
    </AdminLayout>
  );
}

function ProfileSection({ user, onChanged }: { user: UserView; onChanged: (user: UserView) => void }) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [draft, setDraft] = useState<UserProfileDraft>({
    email: user.email,
    name: user.name,
    emailVerified: user.email_verified,
  });
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'email'>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ email: emailError(draft.email) }),
      async () => {
        setOutcome(null);
        try {
          const updated = await api.put<UserView>(
            `/admin/users/${encodeURIComponent(user.id)}`,
            userProfileBody(draft),
          );
          setOutcome({ kind: 'done', text: 'The changes are saved.' });
          onChanged(updated);
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <EditSection
      heading="Profile"
      outcome={outcome}
      failedTitle="The changes were not saved"
      formRef={formRef}
      busy={busy}
      onSubmit={onSubmit}
      editable={canWrite}
      submitLabel="Save profile"
    >
      <UserProfileFields
        purpose="edit"
        draft={draft}
        onChange={(change) => setDraft((previous) => ({ ...previous, ...change }))}
        emailError={fieldErrors.email}
      />
    </EditSection>
  );
}

function PasswordSection({ user }: { user: UserView }) {
  const api = useAdminApi();
  const [password, setPassword] = useState('');
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'password'>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [resetBusy, setResetBusy] = useState(false);
  const [resetOutcome, setResetOutcome] = useState<Outcome>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ password: newPasswordError(password) }),
      async () => {
        setOutcome(null);
        try {
          await setUserPassword(api, user.id, password);
          setPassword('');
          setOutcome({
            kind: 'done',
            text: 'The password is set. Tell them through a safe channel; they must choose a new one when they sign in.',
          });
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  async function sendReset() {
    setResetBusy(true);
    setResetOutcome(null);
    try {
      await api.post(`/admin/users/${encodeURIComponent(user.id)}/password-reset-email`);
      setResetOutcome({ kind: 'done', text: `A password-reset link is on its way to ${user.email}.` });
    } catch (error) {
      setResetOutcome({ kind: 'failed', error });
    } finally {
      setResetBusy(false);
    }
  }

  return (
    <section className="section" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <h3 className="subheading">Set a password</h3>
      <p>
        The password is registered in this browser with OPAQUE; the server never sees it. They must change it
        at their next sign-in, and their current sessions end.
      </p>
      <OutcomeMessage outcome={outcome} failedTitle="The password was not set" />
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy} onFocus={preloadOpaque}>
        <input type="email" name="username" autoComplete="off" value={user.email} readOnly hidden />
        <NewPasswordField
          label="New password for this user"
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? 'Setting password…' : 'Set password'}
          </Button>
        </div>
      </form>
      <h3 className="subheading">Or let them choose one</h3>
      <OutcomeMessage outcome={resetOutcome} failedTitle="The email was not sent" />
      <Button variant="secondary" disabled={resetBusy} onClick={sendReset}>
        {resetBusy ? 'Sending…' : 'Send a password-reset email'}
      </Button>
    </section>
  );
}
