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
import { rich, t } from '../i18n/text';
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
import { USER_STATUS_TEXT } from './users/user-status';

const BREADCRUMB = { to: '/users', label: t('users.breadcrumb') };

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
        title={t('users.detail.loadingTitle')}
        breadcrumb={BREADCRUMB}
        failedTitle={t('users.detail.failed')}
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
        text: action === 'disable' ? t('users.access.disabledDone') : t('users.access.enabledDone'),
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
        text: t('users.access.sessionsEnded'),
      });
    } catch (error) {
      setStatusOutcome({ kind: 'failed', error });
    }
  }

  return (
    <AdminLayout title={user.name || user.email} breadcrumb={BREADCRUMB}>
      <ReadOnlyNotice />
      {created ? (
        <Notice title={t('users.detail.created.title')}>
          <p>{rich('users.detail.created.body', { email: <strong>{user.email}</strong> })}</p>
        </Notice>
      ) : null}
      <dl className="summary-list">
        <div>
          <dt>{t('users.detail.userId')}</dt>
          <dd>
            <code data-testid="user-id">{user.id}</code>
          </dd>
        </div>
        <div>
          <dt>{t('users.detail.status')}</dt>
          <dd>
            <span className={`status-badge status-${user.status}`}>{t(USER_STATUS_TEXT[user.status])}</span>
          </dd>
        </div>
      </dl>

      <ProfileSection user={user} onChanged={onChanged} />

      <section className="section" aria-labelledby="status-heading">
        <h2 id="status-heading">{t('users.access.heading')}</h2>
        <OutcomeMessage outcome={statusOutcome} failedTitle={t('users.access.failed')} />
        {user.status === 'active' ? (
          <>
            <p>{t('users.access.disable.explanation')}</p>
            {canWrite ? (
              <ConfirmAction
                label={t('users.access.disable.label')}
                question={
                  <p>{rich('users.access.disable.question', { email: <strong>{user.email}</strong> })}</p>
                }
                confirmLabel={t('users.access.disable.confirm')}
                busyLabel={t('users.access.disable.busy')}
                onConfirm={() => setStatus('disable')}
              />
            ) : null}
            <p>{t('users.access.signOut.explanation')}</p>
            {canWrite ? (
              <ConfirmAction
                label={t('users.access.signOut.label')}
                question={
                  <p>{rich('users.access.signOut.question', { email: <strong>{user.email}</strong> })}</p>
                }
                confirmLabel={t('users.access.signOut.confirm')}
                busyLabel={t('users.access.signOut.busy')}
                onConfirm={endSessions}
              />
            ) : null}
          </>
        ) : (
          <>
            <p>{t('users.access.disabled.explanation')}</p>
            {canWrite ? (
              <Button variant="secondary" disabled={statusBusy} onClick={() => setStatus('enable')}>
                {statusBusy ? t('users.access.enable.busy') : t('users.access.enable.label')}
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
          heading={t('users.delete.heading')}
          explanation={t('users.delete.explanation')}
          label={t('users.delete.label')}
          question={<p>{rich('users.delete.question', { email: <strong>{user.email}</strong> })}</p>}
          failedTitle={t('users.delete.failed')}
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
          setOutcome({ kind: 'done', text: t('users.profile.saved') });
          onChanged(updated);
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <EditSection
      heading={t('users.profile.heading')}
      outcome={outcome}
      failedTitle={t('users.profile.failed')}
      formRef={formRef}
      busy={busy}
      onSubmit={onSubmit}
      editable={canWrite}
      submitLabel={t('users.profile.submit')}
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
          setOutcome({ kind: 'done', text: t('users.password.set.done') });
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
      setResetOutcome({ kind: 'done', text: t('users.password.reset.done', { email: user.email }) });
    } catch (error) {
      setResetOutcome({ kind: 'failed', error });
    } finally {
      setResetBusy(false);
    }
  }

  return (
    <section className="section" aria-labelledby="password-heading">
      <h2 id="password-heading">{t('users.password.heading')}</h2>
      <h3 className="subheading">{t('users.password.set.heading')}</h3>
      <p>{t('users.password.set.explanation')}</p>
      <OutcomeMessage outcome={outcome} failedTitle={t('users.password.set.failed')} />
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy} onFocus={preloadOpaque}>
        <input type="email" name="username" autoComplete="off" value={user.email} readOnly hidden />
        <NewPasswordField
          label={t('users.password.set.field')}
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? t('users.password.set.busy') : t('users.password.set.submit')}
          </Button>
        </div>
      </form>
      <h3 className="subheading">{t('users.password.reset.heading')}</h3>
      <OutcomeMessage outcome={resetOutcome} failedTitle={t('users.password.reset.failed')} />
      <Button variant="secondary" disabled={resetBusy} onClick={sendReset}>
        {resetBusy ? t('users.password.reset.busy') : t('users.password.reset.submit')}
      </Button>
    </section>
  );
}
