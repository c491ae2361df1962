/** `tessera admin-tokens … --help`: apart from the commands, so that printing it loads nothing else (main.ts). */
export const ADMIN_TOKENS_HELP: Record<string, string> = {
  'admin-tokens create': `Usage: tessera admin-tokens create --name NAME --admin EMAIL --scope SCOPE [options]

Creates an admin API token (docs/admin-api-tokens.md) and prints it as JSON. The token's value
is printed here once and can never be shown again; only its hash is stored.

Options:
  --name NAME           What the token is for (required)
  --admin EMAIL         The admin the token acts for (required; write scopes need a write admin)
  --scope SCOPE         read, or AREA:write with AREA one of users, clients, organizations,
                        settings, keys, scim, federation, audit, webhooks (repeatable; required)
  --expires-at TIME     When it stops working (ISO 8601, e.g. 2027-01-31T00:00:00Z; default: never)
  --help                Show this help`,
  'admin-tokens list': `Usage: tessera admin-tokens list

Lists admin API tokens (id, status, name, scopes, creator, last use, expiry). Values are never shown.

Options:
  --help        Show this help`,
  'admin-tokens revoke': `Usage: tessera admin-tokens revoke TOKEN_ID

Revokes an admin API token. It stops working at once on every node.

Options:
  --help        Show this help`,
};
