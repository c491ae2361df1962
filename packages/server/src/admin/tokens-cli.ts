import { parseArgs } from 'node:util';
import { type Static, Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import { tokenStatus } from '../app/ports/admin-token-routes.js';
import { BY_COMMAND } from '../audit/change-author.js';
import type { ControlChannel } from '../control/protocol.js';
import { ADMIN_TOKEN_SCOPES, type AdminTokenScope } from './token-scopes.js';

export const AdminTokenCreateSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    admin_email: Type.String({ minLength: 3, maxLength: 320 }),
    scopes: Type.Array(Type.Union(ADMIN_TOKEN_SCOPES.map((scope) => Type.Literal(scope))), {
      minItems: 1,
      maxItems: ADMIN_TOKEN_SCOPES.length,
    }),
    expires_at: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export const AdminTokenIdSchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export const AdminTokenListSchema = Type.Object({}, { additionalProperties: false });

/** The rules an input can be judged by without a database. */
export function checkAdminTokenInput(input: Static<typeof AdminTokenCreateSchema>): void {
  if (input.expires_at !== undefined) {
    const expiry = new Date(input.expires_at);
    if (Number.isNaN(expiry.getTime())) throw new Error('--expires-at is not a time');
    if (expiry <= new Date()) throw new Error('--expires-at must be in the future');
  }
}

/** `admin-tokens create` on the side that holds the database: the token's value is printed here once. */
export async function createAdminTokenForCommand(
  context: AppContext,
  input: Static<typeof AdminTokenCreateSchema>,
): Promise<Record<string, unknown>> {
  checkAdminTokenInput(input);
  const admin = await context.admin.users.findByEmail(input.admin_email);
  if (admin?.status !== 'active') throw new Error(`no active admin '${input.admin_email}'`);
  const scopes = input.scopes as AdminTokenScope[];
  if (admin.role !== 'write' && scopes.some((scope) => scope !== 'read'))
    throw new Error(`'${input.admin_email}' is a read admin: only the read scope acts for them`);
  const expiresAt = input.expires_at === undefined ? null : new Date(input.expires_at);
  const { token, plaintext } = await context.admin.tokens.issue(
    { name: input.name, scopes, expiresAt, createdBy: admin.id },
    BY_COMMAND,
  );
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes,
    created_by: admin.email,
    expires_at: token.expiresAt?.toISOString() ?? null,
    token: plaintext,
  };
}

export interface AdminTokenListEntry {
  id: string;
  status: 'active' | 'expired' | 'revoked';
  name: string;
  scopes: string[];
  created_by: string;
  last_used_at: string | null;
  expires_at: string | null;
}

export async function listAdminTokensForCommand(context: AppContext): Promise<AdminTokenListEntry[]> {
  return (await context.admin.tokens.list()).map(({ token, creator }) => ({
    id: token.id,
    status: tokenStatus(token),
    name: token.name,
    scopes: token.scopes,
    created_by: creator.email,
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    expires_at: token.expiresAt?.toISOString() ?? null,
  }));
}

export async function revokeAdminTokenForCommand(
  context: AppContext,
  input: Static<typeof AdminTokenIdSchema>,
): Promise<{ id: string; revoked: true }> {
  if (!(await context.admin.tokens.revoke(input.id, BY_COMMAND)))
    throw new Error(`no admin API token '${input.id}'`);
  return { id: input.id, revoked: true };
}

export async function runAdminTokensCommand(
  channel: ControlChannel,
  command: string,
  args: string[],
): Promise<void> {
  if (command === 'admin-tokens list') {
    parseArgs({ args, strict: true });
    for (const token of (await channel.call('admin-tokens.list', {})) as AdminTokenListEntry[]) {
      process.stdout.write(
        `${[token.id, token.status, token.name, token.scopes.join(','), token.created_by, token.last_used_at ?? '-', token.expires_at ?? '-'].join('\t')}\n`,
      );
    }
    return;
  }
  if (command === 'admin-tokens revoke') {
    const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new Error('admin-tokens revoke takes exactly one TOKEN_ID');
    const revoked = await channel.call('admin-tokens.revoke', { id: positionals[0]! });
    process.stdout.write(`${JSON.stringify(revoked, null, 2)}\n`);
    return;
  }
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      name: { type: 'string' },
      admin: { type: 'string' },
      scope: { type: 'string', multiple: true },
      'expires-at': { type: 'string' },
    },
  });
  if (!values.name) throw new Error('--name is required');
  if (!values.admin) throw new Error('--admin is required');
  if (!values.scope?.length) throw new Error(`--scope is required: one of ${ADMIN_TOKEN_SCOPES.join(', ')}`);
  const unknown = values.scope.find((scope) => !ADMIN_TOKEN_SCOPES.includes(scope as AdminTokenScope));
  if (unknown !== undefined)
    throw new Error(`unknown scope '${unknown}': one of ${ADMIN_TOKEN_SCOPES.join(', ')}`);
  const created = await channel.call('admin-tokens.create', {
    name: values.name,
    admin_email: values.admin,
    scopes: [...new Set(values.scope)],
    ...(values['expires-at'] === undefined ? {} : { expires_at: values['expires-at'] }),
  });
  process.stdout.write(`${JSON.stringify(created, null, 2)}\n`);
}
