/** `tessera clients … --help`: apart from the commands, so that printing it loads nothing else (main.ts). */
export const CLIENTS_HELP: Record<string, string> = {
  'clients create': `Usage: tessera clients create --name NAME [options]

Registers an OAuth client and prints it as JSON. A confidential client's secret is printed
here once and can never be shown again (rotate it if lost).

Options:
  --name NAME                    Display name (required)
  --type confidential|public     Default: confidential
  --id ID                        client_id to use (default: random)
  --redirect-uri URI             Allowed redirect URI (repeatable; exact match)
  --post-logout-redirect-uri URI Allowed post-logout redirect URI (repeatable)
  --grant GRANT                  authorization_code | refresh_token | client_credentials |
                                 device_code (short for urn:ietf:params:oauth:grant-type:device_code,
                                 docs/device-flow.md) | token-exchange (RFC 8693; needs
                                 --exchange-audience) (repeatable; default: authorization_code and
                                 refresh_token)
  --scope SCOPE                  Allowed scope (repeatable; default: openid profile email offline_access)
  --first-party                  Skip the consent page for this client
  --zk-delivery none|v2|legacy-v1
                                 Zero-knowledge key delivery (docs/zk.md §5; default: none)
  --zk-required                  Refuse this client's authorizations without a zk_pub
  --zk-key-scope client|organization
                                 One key per user and app (default), or per organization too
                                 (every authorization then needs an organization; docs/zk.md §2.2)
  --auth-method METHOD           client_secret_basic | client_secret_post | private_key_jwt | none
                                 (default: none for public clients, a secret for confidential ones)
  --jwks JSON|@FILE              The client's public keys (a JWK Set) for private_key_jwt and
                                 signed request objects
  --jwks-uri URL                 Or where the client publishes them (https)
  --require-par                  Accept this client's authorization requests only through /par
  --require-dpop                 Issue this client only DPoP-bound tokens: /token refuses its
                                 requests without a DPoP proof (RFC 9449 §5.2)
  --fapi2                        FAPI 2.0 Security Profile: PAR, PKCE S256, private_key_jwt (the
                                 default method then; needs --jwks or --jwks-uri) and DPoP-bound
                                 tokens, all required (docs/integration.md)
  --backchannel-logout-uri URL   Where logout tokens are POSTed when a session ends (https;
                                 OIDC Back-Channel Logout, docs/logout.md)
  --backchannel-logout-session-required
                                 The client needs sid in logout tokens (always sent)
  --logout-ends-offline-access   A session's end also ends its offline_access refresh tokens
  --exchange-audience AUD        Token exchange: an audience or resource URI the client may request
                                 (repeatable; docs/integration.md#token-exchange)
  --exchange-scope SCOPE         Token exchange: a scope the client may pass on (repeatable)
  --exchange-subject-client ID   Token exchange: another client whose users' tokens this client may
                                 exchange (repeatable; default: only tokens issued to itself)
  --help                         Show this help`,
  'clients list': `Usage: tessera clients list

Lists registered clients (id, type, name, grants). Secrets are never shown.

Options:
  --help        Show this help`,
  'clients rotate-secret': `Usage: tessera clients rotate-secret CLIENT_ID

Replaces a confidential client's secret and prints the new one once. The old secret stops
working immediately on every node.

Options:
  --help        Show this help`,
};
