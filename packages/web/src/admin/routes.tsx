import type { ComponentType } from 'react';
import type { Route } from '../shared/router';
import { SignedIn } from './components/SignedIn';
import { AccountPage } from './pages/AccountPage';
import { AdminsPage } from './pages/AdminsPage';
import { AdminTokensPage } from './pages/AdminTokensPage';
import { AuditEventPage } from './pages/AuditEventPage';
import { AuditPage } from './pages/AuditPage';
import { BrandingPage } from './pages/BrandingPage';
import { ClientCreatePage } from './pages/ClientCreatePage';
import { ClientDetailPage } from './pages/ClientDetailPage';
import { ClientsPage } from './pages/ClientsPage';
import { DashboardPage } from './pages/DashboardPage';
import { EmailTemplatesPage } from './pages/EmailTemplatesPage';
import { FederationConnectionCreatePage } from './pages/federation/FederationConnectionCreatePage';
import { FederationConnectionDetailPage } from './pages/federation/FederationConnectionDetailPage';
import { FederationConnectionsPage } from './pages/federation/FederationConnectionsPage';
import { KeysPage } from './pages/KeysPage';
import { AdminNotFoundPage } from './pages/NotFoundPage';
import { OrganizationCreatePage } from './pages/organizations/OrganizationCreatePage';
import { OrganizationDetailPage } from './pages/organizations/OrganizationDetailPage';
import { OrganizationsPage } from './pages/organizations/OrganizationsPage';
import { PermissionDetailPage } from './pages/permissions/PermissionDetailPage';
import { PermissionsPage } from './pages/permissions/PermissionsPage';
import { RegistrationTokensPage } from './pages/RegistrationTokensPage';
import { RoleDetailPage } from './pages/roles/RoleDetailPage';
import { RolesPage } from './pages/roles/RolesPage';
import { SettingsPage } from './pages/SettingsPage';
import { ScimConnectionCreatePage } from './pages/scim/ScimConnectionCreatePage';
import { ScimConnectionDetailPage } from './pages/scim/ScimConnectionDetailPage';
import { ScimConnectionsPage } from './pages/scim/ScimConnectionsPage';
import { SetupPage } from './pages/setup/SetupPage';
import { UserCreatePage } from './pages/UserCreatePage';
import { UserDetailPage } from './pages/UserDetailPage';
import { UsersPage } from './pages/UsersPage';
import { WebhookDetailPage } from './pages/webhooks/WebhookDetailPage';
import { WebhooksPage } from './pages/webhooks/WebhooksPage';

/** A page of the signed-in portal: SignedIn shows it to a signed-in admin, and to anyone else what comes first. */
function signedIn(path: string, Page: ComponentType): Route {
  return {
    path,
    render: () => (
      <SignedIn>
        <Page />
      </SignedIn>
    ),
  };
}

/**
 * Portal pages. None may start with /admin, /install or /metrics: the server keeps those for its APIs and
 * answers them with JSON, never with the portal.
 */
export const adminRoutes: Route[] = [
  { path: '/setup', render: () => <SetupPage /> },
  signedIn('/', DashboardPage),
  signedIn('/clients', ClientsPage),
  signedIn('/clients/new', ClientCreatePage),
  signedIn('/clients/:clientId', ClientDetailPage),
  signedIn('/registration-tokens', RegistrationTokensPage),
  signedIn('/users', UsersPage),
  signedIn('/users/new', UserCreatePage),
  signedIn('/users/:userId', UserDetailPage),
  signedIn('/organizations', OrganizationsPage),
  signedIn('/organizations/new', OrganizationCreatePage),
  signedIn('/organizations/:organizationId', OrganizationDetailPage),
  signedIn('/roles', RolesPage),
  signedIn('/roles/:roleId', RoleDetailPage),
  signedIn('/permissions', PermissionsPage),
  signedIn('/permissions/:permissionKey', PermissionDetailPage),
  signedIn('/scim', ScimConnectionsPage),
  signedIn('/scim/new', ScimConnectionCreatePage),
  signedIn('/scim/:connectionId', ScimConnectionDetailPage),
  signedIn('/webhooks', WebhooksPage),
  signedIn('/webhooks/:endpointId', WebhookDetailPage),
  signedIn('/federation', FederationConnectionsPage),
  signedIn('/federation/new', FederationConnectionCreatePage),
  signedIn('/federation/:connectionId', FederationConnectionDetailPage),
  signedIn('/admins', AdminsPage),
  signedIn('/api-tokens', AdminTokensPage),
  signedIn('/settings', SettingsPage),
  signedIn('/branding', BrandingPage),
  signedIn('/email-templates', EmailTemplatesPage),
  signedIn('/keys', KeysPage),
  signedIn('/audit', AuditPage),
  signedIn('/audit/:eventId', AuditEventPage),
  signedIn('/account', AccountPage),
];

export function adminNotFound() {
  return (
    <SignedIn>
      <AdminNotFoundPage />
    </SignedIn>
  );
}
