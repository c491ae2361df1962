import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addKeyToFile, KeyringError, keyringFromFile, keyringFromText, newKekText } from './keyring.js';
import { SealError, Sealer } from './seal.js';

const where = { table: 'clients', column: 'secret_sealed', row: 'client-1' };

describe('sealing at rest', () => {
  const sealer = new Sealer(keyringFromText(newKekText()));

  it('round-trips a value and never stores the plaintext', () => {
    const sealed = sealer.seal('s3cret-value', where);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('s3cret');
    expect(sealer.openText(sealed, where)).toBe('s3cret-value');
    // A fresh IV each time: sealing twice gives different ciphertexts.
    expect(sealer.seal('s3cret-value', where)).not.toBe(sealed);
  });

  it.each([
    ['another row', { ...where, row: 'client-2' }],
    ['another column', { ...where, column: 'other' }],
    ['another table', { ...where, table: 'users' }],
  ])('refuses a value copied into %s', (_name, elsewhere) => {
    const sealed = sealer.seal('value', where);
    expect(() => sealer.open(sealed, elsewhere)).toThrow(SealError);
  });

  it('refuses a value sealed under another KEK, and tampered or malformed values', () => {
    const other = new Sealer(keyringFromText(newKekText()));
    const sealed = other.seal('value', where);
    expect(() => sealer.open(sealed, where)).toThrow(SealError);
    const mine = sealer.seal('value', where);
    const tampered = `${mine.slice(0, -2)}${mine.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => sealer.open(tampered, where)).toThrow(SealError);
    expect(() => sealer.open('plaintext', where)).toThrow(SealError);
    expect(() => sealer.open(mine.replace(/^v1/, 'v9'), where)).toThrow(/unknown KEK version 9/);
  });

  it('opens values of every version in a multi-key keyring and seals under the highest', () => {
    const oldKey = newKekText();
    const newKey = newKekText();
    const before = new Sealer(keyringFromText(oldKey)).seal('value', where);
    const rotated = new Sealer(keyringFromText(`v2:${newKey},v1:${oldKey}`));
    expect(rotated.openText(before, where)).toBe('value');
    expect(rotated.seal('value', where)).toMatch(/^v2\./);
  });

  it('rejects malformed KEKs with a clear message', () => {
    expect(() => keyringFromText('short')).toThrow(KeyringError);
    expect(() => keyringFromText('x1:abc')).toThrow(/entries must look like/);
  });

  it('creates the key file with mode 0600 and picks up a version added by another process', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tessera-kek-')), 'sub', 'kek.json');
    const keyring = keyringFromFile(path, { create: true });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const sealer1 = new Sealer(keyring);
    const old = sealer1.seal('value', where);
    expect(addKeyToFile(path)).toBe(2);
    // Another node's sealer (reading the file afresh) seals under v2; ours opens it after reloading the file.
    const sealedByOther = new Sealer(keyringFromFile(path, { create: false })).seal('value', where);
    expect(sealedByOther).toMatch(/^v2\./);
    expect(sealer1.openText(sealedByOther, where)).toBe('value');
    expect(sealer1.openText(old, where)).toBe('value');
    expect(() => keyringFromFile(`${path}.missing`, { create: false })).toThrow(/does not exist/);
  });
});
