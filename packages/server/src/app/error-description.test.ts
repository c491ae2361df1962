import { describe, expect, it } from 'vitest';
import { MAX_ERROR_DESCRIPTION_LENGTH, sanitizeErrorDescription } from './error-description.js';

/** RFC 6749 §5.2: error_description = 1*( %x20-21 / %x23-5B / %x5D-7E ). */
const CHARSET = /^[\x20\x21\x23-\x5B\x5D-\x7E]*$/;

describe('sanitizeErrorDescription', () => {
  it('keeps a description that is already within the RFC 6749 §5.2 charset as it is', () => {
    const description = "scope 'read:all' is not allowed for this application (see docs) ~ [x]";
    expect(sanitizeErrorDescription(description)).toBe(description);
  });

  it('replaces the quote, the backslash, control characters and non-ASCII with ?', () => {
    expect(sanitizeErrorDescription("grant_type 'x\"\\\n\té' is not supported")).toBe(
      "grant_type 'x?????' is not supported",
    );
    expect(sanitizeErrorDescription('a\u0000b\u007fc\u2028d\r')).toBe('a?b?c?d?');
  });

  it('replaces each UTF-16 unit of an astral character, so a lone surrogate never survives', () => {
    expect(sanitizeErrorDescription('key 🔑 here')).toBe('key ?? here');
  });

  it('bounds the length, marking the cut', () => {
    const long = sanitizeErrorDescription(`scope '${'x'.repeat(3000)}' is not allowed`);
    expect(long).toHaveLength(MAX_ERROR_DESCRIPTION_LENGTH);
    expect(long.endsWith('...')).toBe(true);
    expect(long.startsWith("scope 'xxx")).toBe(true);
    const exact = 'y'.repeat(MAX_ERROR_DESCRIPTION_LENGTH);
    expect(sanitizeErrorDescription(exact)).toBe(exact);
  });

  it('always returns text within the charset', () => {
    let everyCodeUnit = '';
    for (let unit = 0; unit < 0x3000; unit += 1) everyCodeUnit += String.fromCharCode(unit);
    for (let start = 0; start < everyCodeUnit.length; start += 250) {
      expect(sanitizeErrorDescription(everyCodeUnit.slice(start, start + 250))).toMatch(CHARSET);
    }
  });
});
