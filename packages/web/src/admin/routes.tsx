import type { Route } from '../shared/router';
import { SignedIn } from './components/SignedIn';
import { AccountPage } from './pages/AccountPage';
import { AdminsPage } from './pages/AdminsPage';
import { AuditEventPage } from './pages/AuditEventPage';
import { AuditPage } from './pages/AuditPage';
import { ClientCreatePage } from './pages/ClientCreatePage';
import { ClientDetailPage } from './pages/ClientDetailPage';
import { ClientsPage } from './pages/ClientsPage';
import { DashboardPage } from './pages/DashboardPage';
import { EmailTemplatesPage } from './pages/EmailTemplatesPage';
import { KeysPage } from './pages/KeysPage';
import { AdminNotFoundPage } from './pages/NotFoundPage';
import { SettingsPage } from './pages/SettingsPage';
import { SetupPage } from './pages/setup/SetupPage';
import { UserCreatePage } from './pages/UserCreatePage';
import { UserDetailPage } from './pages/UserDetailPage';
import { UsersPage } from './pages/UsersPage';

/**
 * Portal pages. None may start with /admin, /install or /metrics: the server keeps those for its APIs and
 * answers them with JSON, never with the portal.
 */
export const adminRoutes: Route[] = [
  { path: '/setup', render: () => <SetupPage /> },
  {
    path: '/',
    render: () => (
      <SignedIn>
        <DashboardPage />
      </SignedIn>
    ),
  },
  {
    path: '/clients',
    render: () => (
      <SignedIn>
        <ClientsPage />
      </SignedIn>
    ),
  },
  {
    path: '/clients/new',
    render: () => (
      <SignedIn>
        <ClientCreatePage />
      </SignedIn>
    ),
  },
  {
    path: '/clients/:clientId',
    render: () => (
      <SignedIn>
        <ClientDetailPage />
      </SignedIn>
    ),
  },
  {
    path: '/users',
    render: () => (
      <SignedIn>
        <UsersPage />
      </SignedIn>
    ),
  },
  {
    path: '/users/new',
    render: () => (
      <SignedIn>
        <UserCreatePage />
      </SignedIn>
    ),
  },
  {
    path: '/users/:userId',
    render: () => (
      <SignedIn>
        <UserDetailPage />
      </SignedIn>
    ),
  },
  {
    path: '/admins',
    render: () => (
      <SignedIn>
        <AdminsPage />
      </SignedIn>
    ),
  },
  {
    path: '/settings',
    render: () => (
      <SignedIn>
        <SettingsPage />
      </SignedIn>
    ),
  },
  {
    path: '/email-templates',
    render: () => (
      <SignedIn>
        <EmailTemplatesPage />
      </SignedIn>
    ),
  },
  {
    path: '/keys',
    render: () => (
      <SignedIn>
        <KeysPage />
      </SignedIn>
    ),
  },
  {
    path: '/audit',
    render: () => (
      <SignedIn>
        <AuditPage />
      </SignedIn>
    ),
  },
  {
    path: '/audit/:eventId',
    render: () => (
      <SignedIn>
        <AuditEventPage />
      </SignedIn>
    ),
  },
  {
    path: '/account',
    render: () => (
      <SignedIn>
        <AccountPage />
      </SignedIn>
    ),
  },
];

export function adminNotFound() {
  return (
    <SignedIn>
      <AdminNotFoundPage />
    </SignedIn>
  );
}
