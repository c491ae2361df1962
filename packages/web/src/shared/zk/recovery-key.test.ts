import { describe, expect, it } from 'vitest';
import { AccountRootKey } from './account-root-key';
import { concatBytes, utf8 } from './bytes';
import { CROCKFORD_ALPHABET, encodeCrockford } from './crockford-base32';
import { openEnvelope, sealEnvelope } from './envelope';
import { recoveryKeySecret } from './envelope-secret';
import {
  confirmsRecoveryKeyGroup,
  generateRecoveryKey,
  parseRecoveryKey,
  type RecoveryKeyProblem,
  type RecoveryKeySecret,
  recoveryKeyGroup,
} from './recovery-key';

const FORMAT = /^TSRK2(-[0-9A-HJKMNP-TV-Z]{5}){11}$/;

/** The text of recovery key R per docs/zk.md §3.3, computed here independently of generateRecoveryKey. */
async function textOf(secret: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', concatBytes(utf8('tessera/zk/v2/recovery-key'), secret)),
  );
  const body = encodeCrockford(concatBytes(secret, digest.slice(0, 2)));
  return `TSRK2-${body.match(/.{1,5}/g)!.join('-')}`;
}

const FIXED = Uint8Array.from({ length: 32 }, (_, index) => (index * 37 + 11) & 0xff);

async function problemOf(text: string): Promise<RecoveryKeyProblem> {
  try {
    await parseRecoveryKey(text);
  } catch (error) {
    return (error as { problem: RecoveryKeyProblem }).problem;
  }
  throw new Error(`${text} was accepted`);
}

/** Two secrets are the same key when an envelope sealed with one opens with the other. */
async function sameKey(a: RecoveryKeySecret, b: RecoveryKeySecret): Promise<boolean> {
  const ark = await AccountRootKey.generate();
  const binding = { userId: 'u', keyId: 'k', version: 1 };
  const record = await sealEnvelope(ark, binding, recoveryKeySecret(a));
  try {
    await openEnvelope(
      { ...record, kdf_salt: record.kdf_salt ?? null, kdf_info: record.kdf_info ?? null },
      { ...binding, keyCheck: await ark.keyCheck('u', 'k') },
      recoveryKeySecret(b),
    );
    return true;
  } catch {
    return false;
  }
}

describe('recovery key (docs/zk.md §3.3)', () => {
  it('is TSRK2- and 55 Crockford base32 characters in 11 groups of 5', async () => {
    const { text } = await generateRecoveryKey();
    expect(text).toMatch(FORMAT);
    expect(text).toHaveLength(6 + 55 + 10);
    expect((await generateRecoveryKey()).text).not.toBe(text);
  });

  it('parses back to the same key, as typed or pasted', async () => {
    const { text, secret } = await generateRecoveryKey();
    const body = text.slice(6);
    const variants = [
      text,
      text.toLowerCase(),
      body,
      body.replace(/-/g, ''),
      ` ${text.replace(/-/g, ' ')}\n`,
      text.replace(/-/g, '\u2013'),
      `TSRK2${body}`,
    ];
    for (const variant of variants) {
      expect(await sameKey(secret, await parseRecoveryKey(variant)), variant).toBe(true);
    }
    const other = await generateRecoveryKey();
    expect(await sameKey(secret, await parseRecoveryKey(other.text))).toBe(false);
  });

  it('reads the text the document defines, with Crockford’s look-alikes', async () => {
    const text = await textOf(FIXED.slice());
    expect(text).toMatch(FORMAT);
    await expect(parseRecoveryKey(text)).resolves.toBeDefined();
    // O for 0 and I or L for 1, wherever they occur in this key.
    const lookAlikes = text.slice(6).replace(/0/g, 'O').replace(/1/g, 'l');
    await expect(parseRecoveryKey(lookAlikes)).resolves.toBeDefined();
  });

  it('detects every single-character typo of a fixed key before trying an envelope', async () => {
    const text = await textOf(FIXED.slice());
    const body = text.slice(6).replace(/-/g, '');
    for (let index = 0; index < body.length; index++) {
      const original = body[index]!;
      // The next symbol of the alphabet: a realistic slip that stays readable.
      const replacement = CROCKFORD_ALPHABET[(CROCKFORD_ALPHABET.indexOf(original) + 1) % 32]!;
      const typo = body.slice(0, index) + replacement + body.slice(index + 1);
      expect(await problemOf(typo), `position ${index}`).toEqual({ reason: 'checksum_mismatch' });
    }
    // Two neighbouring characters swapped.
    const swapAt = body.search(/(.)(?!\1)./);
    const swapped = body.slice(0, swapAt) + body[swapAt + 1] + body[swapAt] + body.slice(swapAt + 2);
    expect(await problemOf(swapped)).toEqual({ reason: 'checksum_mismatch' });
  });

  it('says where an unreadable character is and how many characters are missing', async () => {
    const text = await textOf(FIXED.slice());
    const groups = text.split('-');
    groups[3] = `${groups[3]!.slice(0, 2)}U${groups[3]!.slice(3)}`;
    expect(await problemOf(groups.join('-'))).toEqual({
      reason: 'invalid_character',
      character: 'U',
      group: 3,
      position: 3,
    });
    expect(await problemOf(text.replace(/.$/, '*'))).toMatchObject({
      reason: 'invalid_character',
      group: 11,
    });
    expect(await problemOf(text.slice(0, -6))).toEqual({
      reason: 'wrong_length',
      characters: 50,
      expected: 55,
    });
    expect(await problemOf(`${text}A`)).toEqual({ reason: 'wrong_length', characters: 56, expected: 55 });
    expect(await problemOf('  - ')).toEqual({ reason: 'empty' });
    await expect(parseRecoveryKey(text.slice(0, -6))).rejects.toThrow(/50 characters; it should have 55/);
  });

  it('refuses a last character whose unused bits are set (it would decode to the same bytes)', async () => {
    const text = await textOf(FIXED.slice());
    const last = text.at(-1)!;
    // 272 bits in 55 characters: the last character carries 2 bits and 3 zero bits of padding.
    const value = CROCKFORD_ALPHABET.indexOf(last);
    expect(value & 0b111).toBe(0);
    const padded = text.slice(0, -1) + CROCKFORD_ALPHABET[value | 1];
    expect(await problemOf(padded)).toEqual({ reason: 'checksum_mismatch' });
  });

  it('lets the user confirm a group of the key, forgiving case and look-alikes', async () => {
    const text = await textOf(FIXED.slice());
    const group = recoveryKeyGroup(text, 4);
    expect(group).toBe(text.split('-')[4]);
    expect(confirmsRecoveryKeyGroup(text, 4, group.toLowerCase())).toBe(true);
    expect(confirmsRecoveryKeyGroup(text, 4, group.replace(/0/g, 'o').replace(/1/g, 'I'))).toBe(true);
    expect(confirmsRecoveryKeyGroup(text, 5, group)).toBe(group === text.split('-')[5]);
    expect(confirmsRecoveryKeyGroup(text, 4, group.slice(1))).toBe(false);
    expect(() => recoveryKeyGroup(text, 12)).toThrow(RangeError);
  });
});
