import { parseArgs } from 'node:util';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import { COMMAND_ACTOR } from '../audit/change-author.js';
import type { Config } from '../config/config.js';
import type { ControlChannel } from '../control/protocol.js';
import type { ResealReport } from './kek-rotation.js';
import { addKeyToFile, parseKeyringText } from './keyring.js';
import type { SealedColumn } from './sealed-columns.js';
import { SIGNING_ALGORITHMS, type SigningAlgorithm } from './signing-algorithms.js';

/** `tessera keys rotate` and `tessera kek rotate`: parsing and printing here, the work on the database's side. */

export const KeysRotateSchema = Type.Object(
  {
    algorithms: Type.Array(Type.Union(SIGNING_ALGORITHMS.map((alg) => Type.Literal(alg))), {
      minItems: 1,
      maxItems: 10,
    }),
  },
  { additionalProperties: false },
);

export const KekRotateSchema = Type.Object(
  {
    /** The current version of the command's TESSERA_KEK, which the server's must match; null with a key file. */
    expected_version: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  },
  { additionalProperties: false },
);

interface KeyLine {
  alg: string;
  state: string;
  kid: string;
  becomes_current_after: string | null;
  removed_after: string | null;
}

interface KekRotation {
  added: { version: number; file: string } | null;
  reports: ResealReport[];
  current_version: number;
}

export async function rotateSigningKeysForCommand(
  context: AppContext,
  input: { algorithms: SigningAlgorithm[] },
): Promise<KeyLine[]> {
  // Loaded here, on the side that runs the operation: the command's own side parses and prints without it.
  const { becomesCurrentAfter } = await import('./signing-keys.js');
  await context.audit.recordChange(() => context.signingKeys.rotate(input.algorithms), {
    ...COMMAND_ACTOR,
    action: 'signing_keys.rotated',
    details: { via: 'cli', algorithms: input.algorithms },
  });
  return (await context.signingKeys.list()).map((key) => ({
    alg: key.alg,
    state: key.state,
    kid: key.kid,
    becomes_current_after: becomesCurrentAfter(key)?.toISOString() ?? null,
    removed_after: key.state === 'retired' ? (key.removeAfter?.toISOString() ?? null) : null,
  }));
}

/**
 * Key file: adds a new version to the file, makes it current here, then re-seals everything. TESSERA_KEK: re-seals
 * everything under the highest version this process was started with.
 */
export async function rotateKekForCommand(
  context: AppContext,
  input: { expected_version: number | null },
  columns: readonly SealedColumn[],
): Promise<KekRotation> {
  const { config, keyring, sealer, storage } = context;
  let added: KekRotation['added'] = null;
  if (config.kek) {
    if (input.expected_version !== null && input.expected_version !== keyring.currentVersion)
      throw new Error(
        `the running server's current KEK version is ${keyring.currentVersion}, this command's TESSERA_KEK has ` +
          `${input.expected_version}: restart the server with the new TESSERA_KEK first`,
      );
  } else {
    const version = addKeyToFile(config.kekFile);
    keyring.reload();
    added = { version, file: config.kekFile };
  }
  // Re-sealing goes row by row while the service runs (not one transaction), so it is recorded once it is done.
  const reports = await storage.reseal(sealer, columns);
  await context.audit.record({
    ...COMMAND_ACTOR,
    action: 'kek.rotated',
    details: { via: 'cli', added_version: added?.version ?? null, current_version: sealer.currentVersion },
  });
  return { added, reports, current_version: sealer.currentVersion };
}

export async function runKeysRotateCommand(channel: ControlChannel, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { alg: { type: 'string', multiple: true } }, strict: true });
  const algorithms = values.alg ?? [...SIGNING_ALGORITHMS];
  for (const alg of algorithms) {
    if (!(SIGNING_ALGORITHMS as readonly string[]).includes(alg))
      throw new Error(`--alg must be one of ${SIGNING_ALGORITHMS.join(', ')} (got '${alg}')`);
  }
  const keys = (await channel.call('keys.rotate', { algorithms })) as KeyLine[];
  for (const key of keys) {
    const when = key.becomes_current_after
      ? ` (becomes current after ${key.becomes_current_after})`
      : key.removed_after
        ? ` (removed after ${key.removed_after})`
        : '';
    process.stdout.write(`${key.alg.padEnd(6)} ${key.state.padEnd(8)} ${key.kid}${when}\n`);
  }
}

export async function runKekRotateCommand(channel: ControlChannel, config: Config): Promise<void> {
  const expected = config.kek ? Math.max(...parseKeyringText(config.kek).keys()) : null;
  const rotation = (await channel.call('kek.rotate', { expected_version: expected })) as KekRotation;
  if (rotation.added)
    process.stdout.write(`added KEK version ${rotation.added.version} to ${rotation.added.file}\n`);
  for (const report of rotation.reports) {
    process.stdout.write(`${report.table}.${report.column}: ${report.resealed} re-sealed\n`);
  }
  process.stdout.write(`every sealed value is now under KEK version ${rotation.current_version}\n`);
}
