import type { AdminMessages } from '../message-types';

/** The admin portal's text for federation: every key starts with `federation.` (admin/i18n/messages.test.ts). */
export const federationMessages = {
  'federation.breadcrumb': 'All connections',

  // The list (pages/federation/FederationConnectionsPage.tsx).
  'federation.list.title': 'Federation',
  'federation.list.deleted': '{name}, its domains and its links are gone; the accounts it signed in stay.',
  'federation.list.intro':
    'People whose email domain belongs to an organization’s identity provider (Microsoft Entra ID, Okta, Google Workspace, another OpenID provider) sign in there. Add one connection per provider, then verify its domains.',
  'federation.list.empty': 'There are no federation connections yet.',
  'federation.list.caption': 'Federation connections',
  'federation.list.column.issuer': 'Issuer',
  'federation.list.column.domains': 'Domains',
  'federation.list.column.state': 'State',
  'federation.list.noDomains': 'none',
  'federation.list.domain.verified': '{domain} (verified)',
  'federation.list.domain.unverified': '{domain} (not verified)',

  // Adding one (pages/federation/FederationConnectionCreatePage.tsx).
  'federation.create.title': 'Add a federation connection',
  'federation.create.secret': 'Client secret',
  'federation.create.secret.hint':
    'Optional (a public client uses PKCE only). Stored encrypted and never shown again.',
  'federation.create.enabled': 'Enabled',
  'federation.create.enabled.hint': 'A disabled connection routes no one and refuses sign-ins.',

  // One connection (pages/federation/FederationConnectionDetailPage.tsx).
  'federation.detail.title': 'Federation connection',
  'federation.detail.created':
    'Register the redirect URI below at the provider, then verify the domains: until a domain is verified, no one is routed to this provider.',
  'federation.detail.redirectUri': 'Redirect URI (register it at the provider)',
  'federation.detail.issuer': 'Issuer',
  'federation.detail.saved': 'The changes are saved; the next sign-in follows them.',
  'federation.detail.delete.explanation':
    'Its domains stop routing and its links to accounts are removed; the accounts themselves stay.',
  'federation.detail.delete.question': 'Delete “{name}”, its domains and its links?',
  'federation.state.heading': 'State',
  'federation.state.failed': 'The state was not changed',
  'federation.state.enabled': 'Enabled',
  'federation.state.disabled': 'Disabled',
  'federation.state.enable': 'Enable connection',
  'federation.state.disable': 'Disable connection',
  'federation.state.enable.question': 'Enable “{name}”? Its verified domains then sign in through it.',
  'federation.state.disable.question':
    'Disable “{name}”? Its people then sign in with a password or passkey, if they have one.',
  'federation.state.enable.confirm': 'Enable now',
  'federation.state.disable.confirm': 'Disable now',
  'federation.state.saving': 'Saving…',
  'federation.state.enabledDone': 'The connection is enabled: its verified domains sign in through it.',
  'federation.state.disabledDone':
    'The connection is disabled: its domains sign in locally, and sign-ins through it are refused.',

  // Its client secret (pages/federation/ClientSecretSection.tsx).
  'federation.secret.heading': 'Client secret',
  'federation.secret.failed': 'The client secret was not replaced',
  'federation.secret.set': 'A client secret is set. It is stored encrypted and is never shown.',
  'federation.secret.unset': 'No client secret is set: the token request uses PKCE only.',
  'federation.secret.new': 'New client secret',
  'federation.secret.missing': 'Enter the new client secret.',
  'federation.secret.submit': 'Replace secret',
  'federation.secret.replaced': 'The client secret is replaced; the next sign-in uses it.',

  // Its settings (pages/federation/ConnectionFields.tsx).
  'federation.fields.name': 'Name',
  'federation.fields.name.hint': 'Shown on the sign-in page.',
  'federation.fields.name.missing': 'Enter a name, e.g. the identity provider’s name.',
  'federation.fields.issuer': 'Issuer URL',
  'federation.fields.issuer.hint':
    'The provider’s issuer, e.g. https://login.microsoftonline.com/{tenant}/v2.0.',
  'federation.fields.issuer.invalid': 'Enter the provider’s issuer URL, e.g. https://login.example.com.',
  'federation.fields.clientId': 'Client ID',
  'federation.fields.clientId.missing': 'Enter the client ID the provider gave Tessera.',
  'federation.fields.endpoints': 'Endpoints',
  'federation.fields.authorizationEndpoint': 'Authorization endpoint',
  'federation.fields.tokenEndpoint': 'Token endpoint',
  'federation.fields.jwksUri': 'JWKS URI',
  'federation.fields.userinfoEndpoint': 'Userinfo endpoint',
  'federation.fields.userinfoEndpoint.hint': 'Optional.',
  'federation.fields.discoveryUrl': 'Discovery URL',
  'federation.fields.discoveryUrl.hint':
    'Optional: only when the provider’s discovery document is not at the issuer’s /.well-known/openid-configuration.',
  'federation.fields.scopes': 'Scopes',
  'federation.fields.scopes.hint': 'Separated by spaces; openid is required.',
  'federation.fields.scopes.noOpenid': 'The scopes must include openid.',
  'federation.fields.claims': 'Claim mapping',
  'federation.fields.claims.hint': 'Leave empty for the standard claim names (email, name, email_verified).',
  'federation.fields.claims.email': 'Email claim',
  'federation.fields.claims.name': 'Name claim',
  'federation.fields.claims.emailVerified': 'Email-verified claim',
  'federation.fields.domains': 'Email domains',
  'federation.fields.domains.hint':
    'One per line. A domain routes sign-ins to this provider only once it is verified (see Domains).',
  'federation.fields.linking': 'Linking to existing accounts',
  'federation.fields.linking.emailNote':
    'This connection links by any email the provider sends (set through the API). The portal does not offer that policy; choose one below to replace it.',
  'federation.fields.linking.emailVerified': 'Link by verified email (recommended)',
  'federation.fields.linking.emailVerified.hint':
    'An existing account is linked when the provider says the address is verified and its domain is a verified domain of this connection.',
  'federation.fields.linking.disabled': 'Never link to existing accounts',
  'federation.fields.linking.disabled.hint':
    'A person whose address already has an account is refused; only new accounts (if created below) sign in.',
  'federation.fields.jit': 'Create accounts at the first sign-in',
  'federation.fields.jit.hint':
    'Just-in-time creation, for a verified email in a verified domain of this connection.',
  'federation.fields.trustMfa': 'Trust the provider’s multi-factor authentication',
  'federation.fields.trustMfa.hint':
    'When the provider reports mfa (amr), no Tessera second factor is asked for at sign-in.',
  'federation.fields.allowLocal': 'Also allow local accounts in these domains',
  'federation.fields.allowLocal.hint':
    'Off: addresses in the verified domains sign up, are created and change their address only through this provider.',

  // Discovery (pages/federation/DiscoveryLookup.tsx).
  'federation.discovery.button': 'Fill endpoints from discovery',
  'federation.discovery.busy': 'Looking up…',
  'federation.discovery.found': 'Endpoints found',
  'federation.discovery.found.body':
    'The endpoints below are filled from the discovery document of {issuer}.',
  'federation.discovery.failed': 'The discovery document could not be read',

  // Its domains (pages/federation/DomainsSection.tsx).
  'federation.domains.heading': 'Domains',
  'federation.domains.failed': 'The domain was not verified',
  'federation.domains.none': 'No domains yet: add them under Settings.',
  'federation.domains.state.verifiedByAdmin': 'verified by an admin {time}',
  'federation.domains.state.verifiedByDns': 'verified by DNS {time}',
  'federation.domains.state.unverified': 'not verified',
  'federation.domains.publish': 'Publish this DNS TXT record, then check:',
  'federation.domains.txtName': 'Name',
  'federation.domains.txtValue': 'Value',
  'federation.domains.check': 'Check {domain} now',
  'federation.domains.checking': 'Checking…',
  'federation.domains.mark': 'Mark {domain} verified',
  'federation.domains.mark.question':
    'Mark {domain} verified without the DNS check? Only do this when you know the organization behind “{name}” owns the domain: its addresses will sign in through this provider, and existing accounts with such addresses may be linked to it.',
  'federation.domains.mark.confirm': 'Mark verified',
  'federation.domains.saving': 'Saving…',
  'federation.domains.verifiedByDns': '{domain} is verified: its TXT record holds the challenge.',
  'federation.domains.markedVerified': '{domain} is marked verified by your decision.',
} as const satisfies AdminMessages;
