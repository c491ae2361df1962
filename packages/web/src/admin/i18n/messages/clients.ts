import type { AdminMessages } from '../message-types';

/** The admin portal's text for clients: every key starts with `clients.` (admin/i18n/messages.test.ts). */
export const clientsMessages = {
  // The list (ClientsPage).
  'clients.list.title': 'Clients',
  'clients.list.deleted.title': 'Client deleted',
  'clients.list.deleted.body': '{name} and everything issued to it are gone.',
  'clients.list.search.label': 'Search clients',
  'clients.list.search.hint': 'By name or client ID',
  'clients.list.register': 'Register a client',
  'clients.list.loadFailed': 'The clients could not be loaded',
  'clients.list.noMatch': 'No client matches “{query}”.',
  'clients.list.empty': 'No clients are registered yet.',
  'clients.list.caption': 'Clients, {count} in all',
  'clients.list.captionMatching': 'Clients matching “{query}”, {count} in all',
  'clients.list.column.name': 'Name',
  'clients.list.column.clientId': 'Client ID',
  'clients.list.column.type': 'Type',
  'clients.list.column.grantTypes': 'Grant types',
  'clients.list.column.registered': 'Registered',
  'clients.list.selfRegistered': ', by itself (dynamic registration)',
  'clients.list.grant.authorizationCode': 'authorization code',
  'clients.list.grant.refreshToken': 'refresh token',
  'clients.list.grant.clientCredentials': 'client credentials',
  'clients.list.grant.deviceCode': 'device code',

  // Registering (ClientCreatePage).
  'clients.allClients': 'All clients',
  'clients.create.title': 'Register a client',
  'clients.create.failed': 'The client was not registered',
  'clients.create.submit': 'Register client',
  'clients.create.busy': 'Registering…',
  'clients.created.title': 'Client registered',
  'clients.created.lead': '{name} is registered with client ID {clientId}.',
  'clients.created.secret.title': 'Copy the client secret now',
  'clients.created.secret.label': 'Client secret',
  'clients.created.public': 'This is a public client: it has no secret and must use PKCE.',
  'clients.created.open': 'Open the client’s page',
  'clients.created.back': 'Back to all clients',

  // One client (ClientDetailPage).
  'clients.detail.loadingTitle': 'Client',
  'clients.detail.loadFailed': 'The client could not be loaded',
  'clients.detail.clientId': 'Client ID',
  'clients.detail.type': 'Type',
  'clients.detail.registered': 'Registered',
  'clients.detail.lastChanged': 'Last changed',
  'clients.detail.secret.heading': 'Client secret',
  'clients.detail.secret.endsIn': 'Ends in',
  'clients.detail.secret.created': 'Created',
  'clients.detail.secret.lastUsed': 'Last used',
  'clients.detail.secret.neverUsed': 'Never',
  'clients.detail.secret.none': 'This client has no secret yet.',
  'clients.detail.secret.new.title': 'Copy the new client secret now',
  'clients.detail.secret.new.label': 'New client secret',
  'clients.detail.secret.new.body': 'The previous secret has stopped working: update the app now.',
  'clients.detail.secret.rotate.failed': 'The secret was not rotated',
  'clients.detail.secret.rotate.label': 'Rotate secret',
  'clients.detail.secret.rotate.question':
    'A new secret is made and {stopsWorking}. The app cannot get tokens until it uses the new secret. Rotate now?',
  'clients.detail.secret.rotate.stopsWorking': 'the current one stops working at once',
  'clients.detail.secret.rotate.confirm': 'Rotate the secret now',
  'clients.detail.secret.rotate.busy': 'Rotating…',
  'clients.detail.settings.heading': 'Settings',
  'clients.detail.settings.saved.title': 'Changes saved',
  'clients.detail.settings.saved.body': 'The client uses them from its next request.',
  'clients.detail.settings.failed': 'The changes were not saved',
  'clients.detail.settings.submit': 'Save changes',
  'clients.detail.settings.busy': 'Saving…',
  'clients.detail.delete.heading': 'Delete this client',
  'clients.detail.delete.explanation':
    'Deleting removes the client and revokes every token and grant issued to it. It cannot be undone.',
  'clients.detail.delete.label': 'Delete client',
  'clients.detail.delete.question': 'Delete {name} for good? People can no longer sign in to it.',
  'clients.detail.delete.failed': 'The client was not deleted',

  // How it was registered (ClientRegistrationSection).
  'clients.registration.heading': 'Registration',
  'clients.registration.byAdmin': 'Created by an administrator.',
  'clients.registration.registeredBy': 'Registered by',
  'clients.registration.dynamic.open':
    'Dynamic client registration, open registration (no initial access token)',
  'clients.registration.dynamic.token':
    'Dynamic client registration, initial access token “{description}” ({prefix})',
  'clients.registration.dynamic.tokenGone':
    'Dynamic client registration, an initial access token that no longer exists',
  'clients.registration.registeredAt': 'Registered at',
  'clients.registration.registeredAtFrom': '{time} from {address}',
  'clients.registration.software': 'Software',

  // Its icon (ClientIconSection).
  'clients.icon.heading': 'Icon',
  'clients.icon.intro': 'Shown to people on the consent page and on their apps dashboard.',
  'clients.icon.saved.title': 'Icon saved',
  'clients.icon.saved.body': 'People see it from their next visit.',
  'clients.icon.removed.title': 'Icon removed',
  'clients.icon.removed.body': 'People see the app’s initial instead.',
  'clients.icon.failed': 'The icon was not changed',
  'clients.icon.alt': 'Icon of {name}',
  'clients.icon.details': '{type}, {size} KiB',
  'clients.icon.none': 'No icon: people see the app’s initial.',
  'clients.icon.replace': 'Replace the icon',
  'clients.icon.upload.label': 'Upload an icon',
  'clients.icon.upload.hint':
    'PNG, JPEG, WebP or GIF, at most 256 KiB. A square image of at least 96×96 pixels looks best.',
  'clients.icon.upload.submit': 'Upload icon',
  'clients.icon.upload.busy': 'Uploading…',
  'clients.icon.error.noFile': 'Choose an image first.',
  'clients.icon.error.type': 'Choose a PNG, JPEG, WebP or GIF image (SVG is not accepted).',
  'clients.icon.error.size': 'Choose an image of at most 256 KiB.',
  'clients.icon.remove.label': 'Remove icon',
  'clients.icon.remove.question': 'Remove the icon? People see the app’s initial instead.',
  'clients.icon.remove.confirm': 'Remove the icon',
  'clients.icon.remove.busy': 'Removing…',

  // Back-channel logout deliveries (BackchannelLogoutSection).
  'clients.backchannel.heading': 'Back-channel logout',
  'clients.backchannel.uriNoun': 'URI',
  'clients.backchannel.sentTo':
    'When a session this app got tokens in ends, a logout token is sent to {uri}.',
  'clients.backchannel.noUri':
    'No back-channel logout URI is set (see Logout in the settings below): the app is not told when sessions end.',
  'clients.backchannel.redelivered': 'The logout token will be sent again.',
  'clients.backchannel.redeliverFailed': 'The logout token was not sent again',
  'clients.backchannel.refresh': 'Refresh',
  'clients.backchannel.loadFailed': 'The logout deliveries could not be loaded',
  'clients.backchannel.empty': 'No logout token has been sent to this app yet.',
  'clients.backchannel.caption': 'Logout tokens, newest first',
  'clients.backchannel.column.session': 'Session',
  'clients.backchannel.column.reason': 'Reason',
  'clients.backchannel.column.status': 'Status',
  'clients.backchannel.column.created': 'Created',
  'clients.backchannel.column.attempts': 'Attempts',
  'clients.backchannel.column.lastAnswer': 'Last answer',
  'clients.backchannel.column.actions': 'Actions',
  'clients.backchannel.user': 'user {sub}',
  'clients.backchannel.nextAttempt': '(next attempt {time})',
  'clients.backchannel.notTried': 'Not tried yet',
  'clients.backchannel.delivered': 'Delivered',
  'clients.backchannel.answered': 'Answered {status}',
  'clients.backchannel.sendAgain': 'Send again',

  // The form's sections (pages/client-form).
  'clients.form.basics.legend': 'Basics',
  'clients.form.basics.name.label': 'Name',
  'clients.form.basics.name.hint': 'Shown to people on the sign-in and consent pages.',
  'clients.form.basics.clientId.label': 'Client ID (optional)',
  'clients.form.basics.clientId.hint':
    'Leave empty to generate one. 3–64 letters, digits, dots, underscores, tildes or hyphens.',
  'clients.form.basics.description.label': 'Description (optional)',
  'clients.form.basics.type.legend': 'Client type',
  'clients.form.basics.type.confidential.label': 'Confidential',
  'clients.form.basics.type.confidential.hint':
    'A server-side app that can keep a secret. It gets a client secret.',
  'clients.form.basics.type.public.label': 'Public',
  'clients.form.basics.type.public.hint':
    'A browser or mobile app that cannot keep a secret. It must use PKCE.',
  'clients.form.basics.type.fixed': 'The type of an existing client cannot change.',

  'clients.form.grants.legend': 'Grant types',
  'clients.form.grants.authorizationCode.label': 'Authorization code',
  'clients.form.grants.authorizationCode.hint':
    'People sign in through the browser (with PKCE). Needs at least one redirect URI.',
  'clients.form.grants.refreshToken.label': 'Refresh token',
  'clients.form.grants.refreshToken.hint': 'Keeps people signed in; needs authorization code or device code.',
  'clients.form.grants.clientCredentials.label': 'Client credentials',
  'clients.form.grants.clientCredentials.hint':
    'The app calls APIs as itself, with its secret. Confidential clients only.',
  'clients.form.grants.deviceCode.label': 'Device code (TVs, CLIs)',
  'clients.form.grants.deviceCode.hint':
    'A device without a browser shows a code; people approve it on the hosted UI’s device page. Not with key delivery.',
  'clients.form.grants.tokenExchange.label': 'Token exchange',
  'clients.form.grants.tokenExchange.hint':
    "The app trades a person's access token for a narrower one for another API (RFC 8693). Confidential clients only.",

  'clients.form.redirects.legend': 'Redirects',
  'clients.form.redirects.uris.label': 'Redirect URIs',
  'clients.form.redirects.uris.hint':
    'One per line, compared exactly. https, or http only for localhost; native apps may use a private scheme like com.example.app:/callback.',
  'clients.form.redirects.postLogout.label': 'Post-logout redirect URIs (optional)',
  'clients.form.redirects.postLogout.hint': 'One per line: where the app may send people after signing out.',

  'clients.form.scopes.legend': 'Scopes',
  'clients.form.scopes.intro': 'What the app may ask for. Untick all standard scopes for an API-only client.',
  'clients.form.scopes.standard.openid': 'openid — sign the person in (ID token)',
  'clients.form.scopes.standard.profile': 'profile — their name',
  'clients.form.scopes.standard.email': 'email — their email address',
  'clients.form.scopes.standard.offlineAccess': 'offline_access — refresh tokens while they are away',
  'clients.form.scopes.custom.heading': 'Custom scopes',
  'clients.form.scopes.custom.none': 'No custom scopes.',
  'clients.form.scopes.custom.label': 'Custom scope {number}',
  'clients.form.scopes.custom.description.label': 'Description of custom scope {number}',
  'clients.form.scopes.custom.description.hint': 'Shown on the consent page.',
  'clients.form.scopes.custom.remove': 'Remove custom scope {number}',
  'clients.form.scopes.custom.add': 'Add a custom scope',

  'clients.form.tokens.legend': 'Sign-in and tokens',
  'clients.form.tokens.pkce.label': 'Require PKCE',
  'clients.form.tokens.pkce.hint': 'Public clients and FAPI 2.0 clients always use PKCE.',
  'clients.form.tokens.alg.label': 'ID token signing algorithm',
  'clients.form.tokens.accessTtl.label': 'Access token lifetime (seconds, optional)',
  'clients.form.tokens.idTtl.label': 'ID token lifetime (seconds, optional)',
  'clients.form.tokens.refreshTtl.label': 'Refresh token lifetime (seconds, optional)',
  'clients.form.tokens.ttl.hint': '{min} to {max}. Empty: the service default.',
  'clients.form.tokens.firstParty.label': 'First-party app',
  'clients.form.tokens.firstParty.hint': 'Belongs to this organization: people are not asked to consent.',
  'clients.form.tokens.organizationRequired.label': 'Require an organization',
  'clients.form.tokens.organizationRequired.hint':
    'People must pick an organization when they sign in to this app.',
  'clients.form.tokens.dpop.label': 'Require DPoP',
  'clients.form.tokens.dpop.hint':
    'The app must prove possession of a key at the token endpoint, so its tokens are bound to that key (RFC 9449).',

  'clients.form.exchange.legend': 'Token exchange',
  'clients.form.exchange.audiences.label': 'Audiences it may request',
  'clients.form.exchange.audiences.hint':
    "One per line: an API's name (audience) or its URL (resource), compared exactly. Anything else is refused with invalid_target.",
  'clients.form.exchange.scopes.label': 'Scopes it may pass on',
  'clients.form.exchange.scopes.hint':
    "One per line. An exchanged token carries only these, and only those the user's token already has.",
  'clients.form.exchange.subjectClients.label': 'Other clients whose tokens it may exchange (optional)',
  'clients.form.exchange.subjectClients.hint':
    'One client ID per line. Without any, it exchanges only tokens issued to itself.',

  'clients.form.auth.legend': 'Client authentication',
  'clients.form.auth.fapi2.label': 'FAPI 2.0 Security Profile',
  'clients.form.auth.fapi2.hint':
    'For high-value apps: requires private_key_jwt, pushed authorization requests, PKCE and DPoP-bound tokens together.',
  'clients.form.auth.method.label': 'Authentication method',
  'clients.form.auth.method.hint':
    'A client secret, or private_key_jwt: the app signs a short-lived assertion with its own key, and Tessera holds only the public key.',
  'clients.form.auth.method.secret': 'Client secret',
  'clients.form.auth.method.privateKeyJwt': 'private_key_jwt (signed assertion)',
  'clients.form.auth.jwks.label': 'Public keys (JWK Set, optional)',
  'clients.form.auth.jwks.hint':
    'The app\'s public keys as JSON, {"keys": [...]}: for private_key_jwt and signed request objects. Leave empty when the app publishes them at a URL.',
  'clients.form.auth.jwksUri.label': 'JWK Set URL (optional)',
  'clients.form.auth.jwksUri.hint': 'Or where the app publishes its public keys (https).',
  'clients.form.auth.par.label': 'Require pushed authorization requests (PAR)',
  'clients.form.auth.par.hint':
    'The app must send each sign-in request to /par first; a plain /authorize link is refused.',

  'clients.form.keyDelivery.legend': 'Key delivery (zero-knowledge)',
  'clients.form.keyDelivery.format.label': 'Key delivery format',
  'clients.form.keyDelivery.format.none': 'None',
  'clients.form.keyDelivery.format.v2': 'v2',
  'clients.form.keyDelivery.format.legacyV1': 'legacy-v1',
  'clients.form.keyDelivery.required.label': 'Require key delivery',
  'clients.form.keyDelivery.required.hint': "Sign-in fails unless the app's key can be delivered.",
  'clients.form.keyDelivery.scope.label': 'Key scope',
  'clients.form.keyDelivery.scope.hint':
    'Per organization: the person gets a different key for each organization they use the app for, and every sign-in needs an organization, as with “Organization required”.',
  'clients.form.keyDelivery.scope.client': 'One key per person',
  'clients.form.keyDelivery.scope.organization': 'One key per person and organization',

  'clients.form.logout.legend': 'Logout',
  'clients.form.logout.uri.label': 'Back-channel logout URI (optional)',
  'clients.form.logout.uri.hint':
    'Where Tessera POSTs a logout token when a session the app got tokens in ends (OpenID Connect Back-Channel Logout). https to a public address.',
  'clients.form.logout.sessionRequired.label': 'The app needs the session id (sid) in logout tokens',
  'clients.form.logout.sessionRequired.hint':
    'Tessera always sends it; this records that the app relies on it.',
  'clients.form.logout.endsOfflineAccess.label': 'End offline access with the session',
  'clients.form.logout.endsOfflineAccess.hint':
    'Without it, refresh tokens granted with offline_access outlive a sign-out; the others always end with it.',

  'clients.form.appearance.legend': 'Appearance',
  'clients.form.appearance.dashboard.label': "Show on people's app dashboard",
  'clients.form.appearance.appUrl.label': 'App URL (optional)',
  'clients.form.appearance.appUrl.hint': 'Where the dashboard links to.',
  'clients.form.appearance.logoUri.label': 'Logo URL (optional)',

  // The form's checks before sending (client-input.ts).
  'clients.form.error.name': 'Enter the name people see when they sign in.',
  'clients.form.error.clientId': 'Use 3 to 64 letters, digits, dots, underscores, tildes or hyphens.',
  'clients.form.error.ttl': 'Enter whole seconds from {min} to {max}, or leave it empty for the default.',
  'clients.form.error.jwksJson': 'Enter a JWK Set as JSON: {"keys": [...]}.',
  'clients.form.error.jwksPrivate': 'Enter public keys only: a private key must never leave the app.',
  'clients.form.error.jwksBoth': 'Give the keys or their URL, not both.',
  'clients.form.error.jwksMissing': 'private_key_jwt needs the public keys or their URL.',
  'clients.form.error.grants.none': 'Choose at least one grant type.',
  'clients.form.error.grants.refreshAlone':
    'Refresh tokens need the authorization code or device code grant.',
  'clients.form.error.grants.deviceKeyDelivery':
    'The device code grant cannot deliver a key: set key delivery to none.',
  'clients.form.error.grants.clientCredentialsPublic': 'Client credentials need a confidential client.',
  'clients.form.error.grants.tokenExchangePublic': 'Token exchange needs a confidential client.',
  'clients.form.error.redirects.none': 'The authorization code grant needs at least one redirect URI.',
  'clients.form.error.redirects.fragment': '{uri} must not have a fragment (#…).',
  'clients.form.error.scope.token': 'Use letters, digits and symbols, without spaces.',
  'clients.form.error.scope.standard': 'Tick the standard scope above instead.',
  'clients.form.error.scope.twice': 'Listed twice.',
  'clients.form.error.exchange.noAudience': 'Enter at least one audience the client may request.',
  'clients.form.error.exchange.audienceForm': 'One audience per line, without spaces or a fragment (#…).',
  'clients.form.error.exchange.scopes': 'One scope per line: letters, digits and symbols, without spaces.',
  'clients.form.error.exchange.subjectClients': 'One client ID per line.',
  'clients.form.error.backchannelFragment': 'The URI must not have a fragment (#…).',
  'clients.form.error.zkRequired': 'Requiring key delivery needs a delivery format.',
  'clients.form.error.zkKeyScope': 'A key per organization needs a delivery format.',
} as const satisfies AdminMessages;
