import type { Bytes } from './bytes';
import { concatBytes, constantTimeEqual, randomBytes, utf8, wipe } from './bytes';
import { decodeCrockford, encodeCrockford } from './crockford-base32';
import { ZkError } from './errors';
import { sha256 } from './hash';
import { importHkdfKey } from './hkdf';
import { RECOVERY_KEY_CHECKSUM_LABEL } from './scheme';

/**
 * The recovery key (docs/zk.md §3.3): 32 random bytes R, shown once as
 * `TSRK2-` + Crockford base32 of R || checksum in groups of 5, the checksum being the first 2 bytes of
 * SHA-256("tessera/zk/v2/recovery-key" || R). 34 bytes make 55 characters, 11 groups.
 */
export const RECOVERY_KEY_PREFIX = 'TSRK2';
const SECRET_BYTES = 32;
const CHECKSUM_BYTES = 2;
const BODY_CHARACTERS = Math.ceil(((SECRET_BYTES + CHECKSUM_BYTES) * 8) / 5);
const GROUP_CHARACTERS = 5;

/** What is wrong with a typed recovery key, precisely enough for the UI to say where to look. */
export type RecoveryKeyProblem =
  | { reason: 'empty' }
  /** `characters` is how many key characters were read (the prefix, spaces and hyphens not counted). */
  | { reason: 'wrong_length'; characters: number; expected: number }
  /** `group` and `position` are 1-based, as the key is printed (group 1 is the first after `TSRK2-`). */
  | { reason: 'invalid_character'; character: string; group: number; position: number }
  /** Every character is readable but the checksum does not match: something is mistyped. */
  | { reason: 'checksum_mismatch' };

export class RecoveryKeyError extends ZkError {
  constructor(readonly problem: RecoveryKeyProblem) {
    super('invalid_recovery_key', describeProblem(problem));
  }
}

function describeProblem(problem: RecoveryKeyProblem): string {
  switch (problem.reason) {
    case 'empty':
      return 'No recovery key was entered.';
    case 'wrong_length':
      return `The recovery key has ${problem.characters} characters; it should have ${problem.expected} after ${RECOVERY_KEY_PREFIX}-.`;
    case 'invalid_character':
      return `"${problem.character}" in group ${problem.group}, position ${problem.position} is not used in recovery keys.`;
    case 'checksum_mismatch':
      return 'The recovery key does not check out: a character is mistyped.';
  }
}

/**
 * A recovery key's secret, held as a non-extractable HKDF key (the envelope key is derived from it, §3.3); its
 * bytes are wiped once imported.
 */
export class RecoveryKeySecret {
  private constructor(readonly key: CryptoKey) {}

  /** Takes R, imports it and wipes the caller's buffer. */
  static async fromBytes(secret: Bytes): Promise<RecoveryKeySecret> {
    try {
      return new RecoveryKeySecret(await importHkdfKey(secret));
    } finally {
      wipe(secret);
    }
  }
}

async function checksum(secret: Bytes): Promise<Bytes> {
  const digest = await sha256(concatBytes(utf8(RECOVERY_KEY_CHECKSUM_LABEL), secret));
  return digest.slice(0, CHECKSUM_BYTES);
}

function groups(body: string): string {
  const out: string[] = [];
  for (let start = 0; start < body.length; start += GROUP_CHARACTERS) {
    out.push(body.slice(start, start + GROUP_CHARACTERS));
  }
  return out.join('-');
}

/**
 * A new recovery key: the text to show the user once, and its secret for sealing the recovery envelope. The text
 * is the only copy of R once this returns; the UI must not store or send it.
 */
export async function generateRecoveryKey(): Promise<{ text: string; secret: RecoveryKeySecret }> {
  const secret = randomBytes(SECRET_BYTES);
  const encoded = concatBytes(secret, await checksum(secret));
  const text = `${RECOVERY_KEY_PREFIX}-${groups(encodeCrockford(encoded))}`;
  wipe(encoded);
  return { text, secret: await RecoveryKeySecret.fromBytes(secret) };
}

/**
 * Reads a recovery key as a person types or pastes it: any case, spaces, line breaks and hyphens (also the
 * typographic dashes word processors substitute) anywhere, with or without the `TSRK2-` prefix, and Crockford's
 * look-alikes (O for 0, I or L for 1). Refuses with a `RecoveryKeyError` naming the problem — the wrong length,
 * the first unreadable character and where it is, or a checksum mismatch — before any envelope is tried.
 */
export async function parseRecoveryKey(typed: string): Promise<RecoveryKeySecret> {
  const compact = typed.toUpperCase().replace(/[\s\-\u2010-\u2015\u2212]/g, '');
  if (compact.length === 0) throw new RecoveryKeyError({ reason: 'empty' });
  if (!compact.startsWith(RECOVERY_KEY_PREFIX)) return decodeBody(compact);
  const withoutPrefix = compact.slice(RECOVERY_KEY_PREFIX.length);
  // The prefix is itself valid base32: a key typed without it may begin with the same five characters (one in 32^5).
  // Only then is the whole text read as the key, and its own errors reported only if it fails as well.
  if (withoutPrefix.length !== BODY_CHARACTERS && compact.length === BODY_CHARACTERS) {
    try {
      return await decodeBody(compact);
    } catch {
      // Report the problem of the usual reading: a prefix followed by too few characters.
    }
  }
  return decodeBody(withoutPrefix);
}

async function decodeBody(body: string): Promise<RecoveryKeySecret> {
  if (body.length !== BODY_CHARACTERS) {
    throw new RecoveryKeyError({
      reason: 'wrong_length',
      characters: body.length,
      expected: BODY_CHARACTERS,
    });
  }
  const decoded = decodeCrockford(body, SECRET_BYTES + CHECKSUM_BYTES);
  if (!decoded.ok) {
    // Non-zero padding bits in the last character: it decodes, but is not what was printed.
    if (decoded.reason === 'non_canonical') throw new RecoveryKeyError({ reason: 'checksum_mismatch' });
    throw new RecoveryKeyError({
      reason: 'invalid_character',
      character: decoded.character,
      group: Math.floor(decoded.index / GROUP_CHARACTERS) + 1,
      position: (decoded.index % GROUP_CHARACTERS) + 1,
    });
  }
  const secret = decoded.bytes.slice(0, SECRET_BYTES);
  const matches = constantTimeEqual(await checksum(secret), decoded.bytes.slice(SECRET_BYTES));
  wipe(decoded.bytes);
  if (!matches) {
    wipe(secret);
    throw new RecoveryKeyError({ reason: 'checksum_mismatch' });
  }
  return RecoveryKeySecret.fromBytes(secret);
}

/**
 * The 1-based groups of a recovery key's text (as printed) the user is asked to type back to confirm they saved it
 * (§3.3), and the check of what they typed: case, spaces and look-alikes are forgiven as in `parseRecoveryKey`.
 */
export function recoveryKeyGroup(text: string, group: number): string {
  const body = text.slice(RECOVERY_KEY_PREFIX.length + 1).split('-');
  const value = body[group - 1];
  if (value === undefined) throw new RangeError(`a recovery key has ${body.length} groups`);
  return value;
}

export function confirmsRecoveryKeyGroup(text: string, group: number, typed: string): boolean {
  const normalise = (value: string) =>
    value
      .toUpperCase()
      .replace(/[\s\-\u2010-\u2015\u2212]/g, '')
      .replace(/O/g, '0')
      .replace(/[IL]/g, '1');
  return normalise(typed) === normalise(recoveryKeyGroup(text, group));
}
