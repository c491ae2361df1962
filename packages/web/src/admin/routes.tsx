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
import { OrganizationCreatePage } from './pages/organizations/OrganizationCreatePage';
import { OrganizationDetailPage } from './pages/organizations/OrganizationDetailPage';
import { OrganizationsPage } from './pages/organizations/OrganizationsPage';
import { PermissionDetailPage } from './pages/permissions/PermissionDetailPage';
import { PermissionsPage } from './pages/permissions/PermissionsPage';
import { RoleDetailPage } from './pages/roles/RoleDetailPage';
import { RolesPage } from './pages/roles/RolesPage';
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
    path: '/organizations',
    render: () => (
      <SignedIn>
        <OrganizationsPage />
      </SignedIn>
    ),
  },
  {
    path: '/organizations/new',
    render: () => (
      <SignedIn>
        <OrganizationCreatePage />
      </SignedIn>
    ),
  },
  {
    path: '/organizations/:organizationId',
    render: () => (
      <SignedIn>
        <OrganizationDetailPage />
      </SignedIn>
    ),
  },
  {
    path: '/roles',
    render: () => (
      <SignedIn>
        <RolesPage />
      </SignedIn>
    ),
  },
  {
    path: '/roles/:roleId',
    render: () => (
      <SignedIn>
        <RoleDetailPage />
      </SignedIn>
    ),
  },
  {
    path: '/permissions',
    render: () => (
      <SignedIn>
        <PermissionsPage />
      </SignedIn>
    ),
  },
  {
    path: '/permissions/:permissionKey',
    render: () => (
      <SignedIn>
        <PermissionDetailPage />
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
