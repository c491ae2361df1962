import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Keyring } from './keyring.js';

/**
 * Where a sealed value lives. It is bound into the ciphertext as AES-GCM associated data, so a value copied into
 * another row, column or table does not open.
 */
export interface SealContext {
  table: string;
  column: string;
  row: string;
}

export class SealError extends Error {
  override name = 'SealError';
}

const FORMAT = /^v(\d+)\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,})$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

function associatedData(context: SealContext): Buffer {
  return Buffer.from(`tessera-seal-1\u0000${context.table}\u0000${context.column}\u0000${context.row}`);
}

/**
 * Seals and opens secrets at rest with AES-256-GCM under the KEK (docs/configuration.md#keys-at-rest).
 * Format: `v<kek>.<iv>.<ct||tag>`.
 */
export class Sealer {
  constructor(private readonly keyring: Keyring) {}

  get currentVersion(): number {
    return this.keyring.currentVersion;
  }

  seal(plaintext: string | Uint8Array, context: SealContext): string {
    const version = this.keyring.currentVersion;
    const key = this.keyring.key(version)!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(associatedData(context));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    return `v${version}.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string, context: SealContext): Buffer {
    const match = FORMAT.exec(sealed);
    if (!match) throw new SealError('sealed value is malformed');
    const version = Number(match[1]);
    let key = this.keyring.key(version);
    // Another node may have rotated the KEK: pick up the new key version from the key file.
    if (!key && this.keyring.reload()) key = this.keyring.key(version);
    if (!key) throw new SealError(`sealed value uses unknown KEK version ${version}`);
    const iv = Buffer.from(match[2]!, 'base64url');
    const body = Buffer.from(match[3]!, 'base64url');
    if (body.length < TAG_BYTES) throw new SealError('sealed value is malformed');
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(associatedData(context));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SealError('sealed value does not open here (wrong key or moved from another row)');
    }
  }

  openText(sealed: string, context: SealContext): string {
    return this.open(sealed, context).toString('utf8');
  }

  /** The KEK version a sealed value was written under. */
  static versionOf(sealed: string): number | null {
    const match = FORMAT.exec(sealed);
    return match ? Number(match[1]) : null;
  }
}
