import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import {
  checkAdminEmail,
  checkInstall,
  checkInstallChoices,
  completeInstall,
  InstallCheckSchema,
  InstallCompleteSchema,
  InstallRegisterSchema,
  startInstallRegistration,
} from '../admin/headless-install.js';
import {
  AdminTokenCreateSchema,
  AdminTokenIdSchema,
  AdminTokenListSchema,
  checkAdminTokenInput,
  createAdminTokenForCommand,
  listAdminTokensForCommand,
  revokeAdminTokenForCommand,
} from '../admin/tokens-cli.js';
import type { AppContext } from '../app/app-context.js';
import {
  createInitialAccessTokenForCommand,
  InitialAccessTokenCreateSchema,
  InitialAccessTokenIdSchema,
  InitialAccessTokenListSchema,
  listInitialAccessTokensForCommand,
  revokeInitialAccessTokenForCommand,
} from '../client-registration/cli.js';
import {
  ClientIdInputSchema,
  createClientForCommand,
  listClientsForCommand,
  rotateClientSecretForCommand,
} from '../clients/cli.js';
import { ClientInputSchema, validateClientInput } from '../clients/model.js';
import { ClientNotFoundError } from '../clients/not-found.js';
import { ConfigError } from '../config/config.js';
import { KeyringError } from '../crypto/keyring.js';
import {
  KekRotateSchema,
  KeysRotateSchema,
  rotateKekForCommand,
  rotateSigningKeysForCommand,
} from '../crypto/keys-cli.js';
import {
  BackupSchema,
  backupForCommand,
  checkBackupPath,
  MigrationStatusSchema,
  migrationStatusForCommand,
} from './database-cli.js';
import { ControlError } from './protocol.js';

/**
 * The operations of the tessera command, and nothing else: the only things the control socket accepts. The
 * command runs the same table in its own process when no server holds the database, so the rules are one code.
 */

interface Operation<S extends TSchema> {
  input: S;
  /** The rules an input can be judged by without a database (beyond its schema); `run` applies them again. */
  check?: (input: Static<S>) => void;
  run(context: AppContext, input: Static<S>): Promise<unknown>;
}

function operation<S extends TSchema>(
  input: S,
  run: Operation<S>['run'],
  check?: Operation<S>['check'],
): Operation<S> {
  return { input, run, check };
}

const OPERATIONS: Record<string, Operation<TSchema>> = {
  'install.check': operation(InstallCheckSchema, checkInstall, checkInstallChoices),
  'install.register': operation(InstallRegisterSchema, startInstallRegistration, (input) =>
    checkAdminEmail(input.admin_email),
  ),
  'install.complete': operation(InstallCompleteSchema, completeInstall),
  'clients.create': operation(ClientInputSchema, createClientForCommand, validateClientInput),
  'clients.list': operation(Type.Object({}, { additionalProperties: false }), listClientsForCommand),
  'clients.rotate-secret': operation(ClientIdInputSchema, rotateClientSecretForCommand),
  'admin-tokens.create': operation(AdminTokenCreateSchema, createAdminTokenForCommand, checkAdminTokenInput),
  'admin-tokens.list': operation(AdminTokenListSchema, listAdminTokensForCommand),
  'admin-tokens.revoke': operation(AdminTokenIdSchema, revokeAdminTokenForCommand),
  'initial-access-tokens.create': operation(
    InitialAccessTokenCreateSchema,
    createInitialAccessTokenForCommand,
  ),
  'initial-access-tokens.list': operation(InitialAccessTokenListSchema, listInitialAccessTokensForCommand),
  'initial-access-tokens.revoke': operation(InitialAccessTokenIdSchema, revokeInitialAccessTokenForCommand),
  'keys.rotate': operation(KeysRotateSchema, rotateSigningKeysForCommand),
  'kek.rotate': operation(KekRotateSchema, async (context, input) =>
    rotateKekForCommand(context, input, (await import('../app/modules.js')).SEALED_COLUMNS),
  ),
  'database.backup': operation(BackupSchema, backupForCommand, checkBackupPath),
  'migrations.status': operation(MigrationStatusSchema, migrationStatusForCommand),
};

/**
 * The message the command prints when an operation says no, or null for an unexpected failure (a bug, which the
 * side it happened on reports in full).
 */
export function refusalMessage(error: unknown): string | null {
  if (error instanceof ControlError) return error.message;
  if (error instanceof ClientNotFoundError) return `no client '${error.message}'`;
  if (error instanceof ConfigError || error instanceof KeyringError)
    return `configuration error: ${error.message}`;
  if (error instanceof TypeError || !(error instanceof Error)) return null;
  return error.message;
}

/**
 * The operation `name`, once `input` matches its schema and passes its checks. Throws ControlError for an unknown
 * operation, an input that does not match, or one its checks refuse. The command calls this before it opens a
 * database (so a mistyped first command does not create the data directory), the side that runs it again.
 */
export function checkedOperation(name: string, input: unknown): Operation<TSchema> {
  if (!Object.hasOwn(OPERATIONS, name))
    throw new ControlError('unknown_operation', `unknown operation '${name.slice(0, 80)}'`);
  const operation = OPERATIONS[name]!;
  if (!Value.Check(operation.input, input)) {
    const errors = Value.Errors(operation.input, input);
    // 'schema is false' (from additionalProperties) says least; the error naming the property says more.
    const first = errors.find((error) => error.keyword !== 'boolean') ?? errors[0];
    throw new ControlError(
      'invalid_input',
      `invalid input for ${name}: ${first?.instancePath || 'input'} ${first?.message ?? 'does not match'}`,
    );
  }
  try {
    operation.check?.(input);
  } catch (error) {
    const message = refusalMessage(error);
    if (message === null) throw error;
    throw new ControlError('refused', message);
  }
  return operation;
}

/**
 * Runs one operation against a context. Throws ControlError for an unknown operation, an input that does not match
 * its schema, or a refusal; any other error is unexpected and passes through.
 */
export async function runControlOperation(
  context: AppContext,
  name: string,
  input: unknown,
): Promise<unknown> {
  const operation = checkedOperation(name, input);
  try {
    return await operation.run(context, input);
  } catch (error) {
    const message = refusalMessage(error);
    if (message === null) throw error;
    throw new ControlError('refused', message);
  }
}
