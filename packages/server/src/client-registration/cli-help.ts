/** `tessera initial-access-tokens … --help`: apart from the commands, so that printing it loads nothing else (main.ts). */
export const INITIAL_ACCESS_TOKENS_HELP: Record<string, string> = {
  'initial-access-tokens create': `Usage: tessera initial-access-tokens create --description TEXT [options]

Issues an initial access token for Dynamic Client Registration (docs/client-registration.md) and
prints it as JSON. The token's value is printed here once; only its hash is stored.

Options:
  --description TEXT    Who or what it is for (required)
  --expires-in SECONDS  How long it stays valid (60 to 31536000; default: 604800, 7 days)
  --max-uses N          How many clients it may register (default: unlimited until it expires)
  --help                Show this help`,
  'initial-access-tokens list': `Usage: tessera initial-access-tokens list

Lists initial access tokens (id, status, uses, expiry, description). Values are never shown.

Options:
  --help        Show this help`,
  'initial-access-tokens revoke': `Usage: tessera initial-access-tokens revoke TOKEN_ID

Revokes an initial access token: no client can be registered with it any more. Clients it
registered stay.

Options:
  --help        Show this help`,
};
