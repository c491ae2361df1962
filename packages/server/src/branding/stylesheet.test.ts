import { describe, expect, it } from 'vitest';
import { sanitizeCustomCss, themeCss, UnsafeStylesheetError } from './stylesheet.js';

/** What an attacker with the custom-stylesheet field would try, to make visitors' browsers load or run something. */
const ATTACKS: [string, string][] = [
  ['@import of a remote sheet', '@import url("https://evil.example/x.css");'],
  ['@import of a bare string', '@import "https://evil.example/x.css";'],
  ['@import in upper case', '@IMPORT "//evil.example/x.css";'],
  ['@import split by a comment', '@im/**/port "//evil.example/x.css";'],
  ['remote url()', 'body { background: url(https://evil.example/track.png); }'],
  ['protocol-relative url()', 'body { background: url(//evil.example/track.png); }'],
  ['quoted remote url()', "body { background: url('https://evil.example/a.png'); }"],
  ['URL() in capitals', 'body { background: URL(https://evil.example/a.png); }'],
  ['url( split by a comment', 'body { background: ur/**/l(https://evil.example/a.png); }'],
  ['url() with an escape in its name', 'body { background: u\\72l(https://evil.example/a.png); }'],
  ['escaped url() target', 'body { background: url(\\68ttps://evil.example/a.png); }'],
  ['escaped @import', '@\\69mport "https://evil.example/x.css";'],
  ['data: url()', 'body { background: url(data:image/svg+xml,<svg onload=alert(1)>); }'],
  ['javascript: url()', 'body { background: url(javascript:alert(1)); }'],
  ['path traversal out of /branding/', 'body { background: url(/branding/../api/user/profile); }'],
  ['another path on our origin', 'body { background: url(/logout); }'],
  ['url() that closes its quote early', 'body { background: url("/branding/logo" https://evil.example); }'],
  ['image-set()', 'body { background: image-set("https://evil.example/a.png" 1x); }'],
  ['-webkit-image-set()', 'body { background: -webkit-image-set("https://evil.example/a.png" 1x); }'],
  ['src()', '@font-face { font-family: x; src: src("https://evil.example/f.woff"); }'],
  ['cross-fade()', 'body { background: cross-fade("https://evil.example/a.png", red 50%); }'],
  ['IE expression()', 'body { width: expression(alert(1)); }'],
  ['IE expression with a comment inside', 'body { width: expr/**/ession(alert(1)); }'],
  ['behavior (HTC)', 'body { behavior: url(/branding/logo); }'],
  ['-moz-binding (XBL)', 'body { -moz-binding: url(/branding/logo#xbl); }'],
  ['breaking out of a style element', 'body { color: red } </style><script>alert(1)</script>'],
  ['an HTML comment opener', '<!-- body { color: red }'],
  ['a NUL byte', 'body { color: red }\u0000@import "x"'],
  ['an unterminated url(', 'body { background: url(/branding/logo'],
  ['a fullwidth escape hidden in a string', 'a::after { content: "\\3c/style>" }'],
];

describe('the custom stylesheet sanitiser', () => {
  it.each(ATTACKS)('refuses %s', (_what, css) => {
    expect(() => sanitizeCustomCss(css)).toThrow(UnsafeStylesheetError);
  });

  it('keeps ordinary rules, and url() of the brand’s own files', () => {
    const css = [
      '/* our look */',
      '.site-header { background: #102030; border-bottom: 2px solid #ff6600; }',
      'h1 { font-family: Georgia, serif; letter-spacing: 0.02em; }',
      '.card > p:first-child { margin-top: 0 }',
      '.hero { background-image: url(/branding/logo); }',
      ".hero-dark { background-image: url('/branding/logo-dark?org=org_123'); }",
      '@media (max-width: 40rem) { h1 { font-size: 1.2rem } }',
    ].join('\n');
    const served = sanitizeCustomCss(css);
    expect(served).not.toContain('/* our look */');
    expect(served).toContain('.site-header { background: #102030;');
    expect(served).toContain("url('/branding/logo-dark?org=org_123')");
    expect(served).toContain('@media (max-width: 40rem)');
  });

  it('refuses a stylesheet above the size limit', () => {
    expect(() => sanitizeCustomCss(`a{color:red}${' '.repeat(40 * 1024)}`)).toThrow(/at most 32 KiB/);
  });
});

describe('the primary colour', () => {
  it('becomes the accent variables, readable in light and dark mode', () => {
    const css = themeCss('#ffd700');
    // Gold on white is unreadable: the light accent is darkened, with white or black text chosen for contrast.
    expect(css).toMatch(/^html:root \{\n {2}--color-accent: #[0-9a-f]{6};/);
    expect(css).not.toMatch(/^html:root \{\n {2}--color-accent: #ffd700;/);
    expect(css).toContain('@media (prefers-color-scheme: dark)');
    expect(css).toContain('--color-accent: #ffd700;');
  });

  it('is left out unless it is a #rrggbb colour', () => {
    expect(themeCss(null)).toBe('');
    expect(themeCss('red; } body { background: url(https://evil.example) } a {')).toBe('');
  });
});
