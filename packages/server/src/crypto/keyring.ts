import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The key-encryption keys (KEKs). Every sealed value names the KEK version it was sealed under, so a new KEK can
 * be introduced while values sealed under the old one still open (docs/operations.md#rotating-the-kek).
 */
export interface Keyring {
  readonly currentVersion: number;
  key(version: number): Buffer | undefined;
  versions(): number[];
  /** Re-reads the keyring from its source; returns true if it changed. Env keyrings never change. */
  reload(): boolean;
}

export class KeyringError extends Error {
  override name = 'KeyringError';
}

const KEY_BYTES = 32;

function decodeKey(text: string, where: string): Buffer {
  const key = Buffer.from(text, 'base64url');
  if (key.length !== KEY_BYTES || key.toString('base64url') !== text.replace(/=+$/, '')) {
    throw new KeyringError(`${where}: a KEK must be 32 bytes in base64url`);
  }
  return key;
}

/**
 * Parses TESSERA_KEK: either one key (`<base64url>`, version 1) or a list `v2:<base64url>,v1:<base64url>`.
 * The highest version is current.
 */
export function parseKeyringText(text: string): Map<number, Buffer> {
  const keys = new Map<number, Buffer>();
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.length === 1 && !entries[0]!.includes(':')) {
    keys.set(1, decodeKey(entries[0]!, 'TESSERA_KEK'));
    return keys;
  }
  for (const entry of entries) {
    const match = /^v(\d+):(.+)$/.exec(entry);
    if (!match) throw new KeyringError("TESSERA_KEK: entries must look like 'v2:<base64url>'");
    keys.set(Number(match[1]), decodeKey(match[2]!, `TESSERA_KEK v${match[1]}`));
  }
  return keys;
}

function fromMap(keys: Map<number, Buffer>, reload: () => Map<number, Buffer> | null): Keyring {
  let current = keys;
  const highest = (map: Map<number, Buffer>) => Math.max(...map.keys());
  return {
    get currentVersion() {
      return highest(current);
    },
    key: (version) => current.get(version),
    versions: () => [...current.keys()].sort((a, b) => a - b),
    reload() {
      const next = reload();
      if (!next) return false;
      const changed = next.size !== current.size || highest(next) !== highest(current);
      current = next;
      return changed;
    },
  };
}

export function keyringFromText(text: string): Keyring {
  return fromMap(parseKeyringText(text), () => null);
}

interface KeyFileContents {
  keys: Record<string, string>;
}

function readKeyFile(path: string): Map<number, Buffer> {
  let parsed: KeyFileContents;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as KeyFileContents;
  } catch {
    throw new KeyringError(`TESSERA_KEK_FILE: ${path} is not a readable Tessera key file`);
  }
  const keys = new Map<number, Buffer>();
  for (const [version, text] of Object.entries(parsed.keys ?? {})) {
    keys.set(Number(version), decodeKey(text, `TESSERA_KEK_FILE version ${version}`));
  }
  if (keys.size === 0) throw new KeyringError(`TESSERA_KEK_FILE: ${path} holds no keys`);
  return keys;
}

function writeKeyFile(path: string, keys: Map<number, Buffer>): void {
  const contents: KeyFileContents = { keys: {} };
  for (const [version, key] of keys) contents.keys[String(version)] = key.toString('base64url');
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // Write then rename, so a reader never sees a half-written file.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** Opens the key file, creating it with one new key (mode 0600) when it does not exist and creation is allowed. */
export function keyringFromFile(path: string, options: { create: boolean }): Keyring {
  if (!existsSync(path)) {
    if (!options.create) throw new KeyringError(`TESSERA_KEK_FILE: ${path} does not exist`);
    writeKeyFile(path, new Map([[1, randomBytes(KEY_BYTES)]]));
  }
  return fromMap(readKeyFile(path), () => readKeyFile(path));
}

/** Adds a new key version to the key file and makes it current; returns the new version. */
export function addKeyToFile(path: string): number {
  const keys = readKeyFile(path);
  const version = Math.max(...keys.keys()) + 1;
  keys.set(version, randomBytes(KEY_BYTES));
  writeKeyFile(path, keys);
  return version;
}

export function newKekText(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}
