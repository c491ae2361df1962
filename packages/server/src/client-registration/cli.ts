import { parseArgs } from 'node:util';
import { type Static, Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import { BY_COMMAND } from '../audit/change-author.js';
import type { ControlChannel } from '../control/protocol.js';
import { initialAccessTokenStatus } from './initial-access-tokens.js';

export const InitialAccessTokenCreateSchema = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: 200 }),
    expires_in_seconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 365 * 86_400 })),
    max_uses: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export const InitialAccessTokenIdSchema = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export const InitialAccessTokenListSchema = Type.Object({}, { additionalProperties: false });

/** `initial-access-tokens create` on the side that holds the database: the value is printed here once. */
export async function createInitialAccessTokenForCommand(
  context: AppContext,
  input: Static<typeof InitialAccessTokenCreateSchema>,
): Promise<Record<string, unknown>> {
  const { token, plaintext } = await context.clientRegistration.initialAccessTokens.issue(
    {
      description: input.description,
      expiresInSeconds: input.expires_in_seconds,
      maxUses: input.max_uses ?? null,
      createdBy: null,
    },
    BY_COMMAND,
  );
  return {
    id: token.id,
    description: token.description,
    expires_at: token.expiresAt.toISOString(),
    max_uses: token.maxUses,
    token: plaintext,
  };
}

export interface InitialAccessTokenListEntry {
  id: string;
  status: string;
  uses: number;
  max_uses: number | null;
  expires_at: string;
  description: string;
}

export async function listInitialAccessTokensForCommand(
  context: AppContext,
): Promise<InitialAccessTokenListEntry[]> {
  return (await context.clientRegistration.initialAccessTokens.list()).map((token) => ({
    id: token.id,
    status: initialAccessTokenStatus(token),
    uses: token.uses,
    max_uses: token.maxUses,
    expires_at: token.expiresAt.toISOString(),
    description: token.description,
  }));
}

export async function revokeInitialAccessTokenForCommand(
  context: AppContext,
  input: Static<typeof InitialAccessTokenIdSchema>,
): Promise<{ id: string; revoked: true }> {
  if (!(await context.clientRegistration.initialAccessTokens.revoke(input.id, BY_COMMAND)))
    throw new Error(`no initial access token '${input.id}'`);
  return { id: input.id, revoked: true };
}

function integerOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(value)) throw new Error(`${name} must be a whole number`);
  return Number(value);
}

export async function runInitialAccessTokensCommand(
  channel: ControlChannel,
  command: string,
  args: string[],
): Promise<void> {
  if (command === 'initial-access-tokens list') {
    parseArgs({ args, strict: true });
    const tokens = (await channel.call('initial-access-tokens.list', {})) as InitialAccessTokenListEntry[];
    for (const token of tokens) {
      const uses = `${token.uses}/${token.max_uses ?? '-'}`;
      process.stdout.write(
        `${[token.id, token.status, uses, token.expires_at, token.description].join('\t')}\n`,
      );
    }
    return;
  }
  if (command === 'initial-access-tokens revoke') {
    const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new Error('initial-access-tokens revoke takes exactly one TOKEN_ID');
    const revoked = await channel.call('initial-access-tokens.revoke', { id: positionals[0]! });
    process.stdout.write(`${JSON.stringify(revoked, null, 2)}\n`);
    return;
  }
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      description: { type: 'string' },
      'expires-in': { type: 'string' },
      'max-uses': { type: 'string' },
    },
  });
  if (!values.description) throw new Error('--description is required');
  const expiresIn = integerOption(values['expires-in'], '--expires-in');
  const maxUses = integerOption(values['max-uses'], '--max-uses');
  const created = await channel.call('initial-access-tokens.create', {
    description: values.description,
    ...(expiresIn === undefined ? {} : { expires_in_seconds: expiresIn }),
    ...(maxUses === undefined ? {} : { max_uses: maxUses }),
  });
  process.stdout.write(`${JSON.stringify(created, null, 2)}\n`);
}
