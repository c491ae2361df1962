/**
 * The brand's stylesheets (docs/branding.md). Everything here ends up in /branding/custom.css, which the hosted UI
 * and the public port's own pages link; the strict CSP stays (no inline styles), and an admin's stylesheet is
 * checked so it cannot make a visitor's browser load anything but this service's own brand files.
 */

/** Largest custom stylesheet accepted. */
export const MAX_CUSTOM_CSS_BYTES = 32 * 1024;

/** The only addresses a custom stylesheet's `url(...)` may name: the brand's own files on this origin. */
const OWN_BRAND_URL = /^\/branding\/(?:logo|logo-dark|favicon)(?:\?org=[A-Za-z0-9_-]{1,64})?$/;

/** CSS functions that fetch (or run) something given a string, not only through `url(`. */
const FETCHING_FUNCTIONS = [
  'src',
  'image',
  'image-set',
  '-webkit-image-set',
  'cross-fade',
  '-webkit-cross-fade',
  'element',
  '-moz-element',
  'expression',
  'paint',
];

export class UnsafeStylesheetError extends Error {
  override name = 'UnsafeStylesheetError';
}

const refuse = (why: string): never => {
  throw new UnsafeStylesheetError(`the stylesheet was refused: ${why}`);
};

/**
 * Checks an admin's stylesheet and returns the text to serve. Comments are removed first and the rest is checked
 * and served as it is, so what the browser parses is exactly what was checked. Refused outright (no attempt to
 * repair): backslash escapes (they can spell any of what follows), `<` (`</style`, `<!--`), control characters,
 * `@import`, `url(...)` naming anything but /branding/ files, the functions that fetch from a string (`image-set`,
 * `src`, ...), `expression(`, `behavior`, `-moz-binding` and `javascript:`.
 */
export function sanitizeCustomCss(input: string): string {
  if (Buffer.byteLength(input, 'utf8') > MAX_CUSTOM_CSS_BYTES) {
    refuse(`it may be at most ${MAX_CUSTOM_CSS_BYTES / 1024} KiB`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(input)) refuse('it contains control characters');
  if (input.includes('\\')) refuse('backslash escapes are not allowed');
  if (input.includes('<')) refuse('"<" is not allowed');
  const comments = /\/\*[\s\S]*?(?:\*\/|$)/g;
  const css = input.replace(comments, '').trim();
  const lower = css.toLowerCase();
  if (lower.includes('@import')) refuse('@import is not allowed');
  for (const word of ['expression', 'behavior', '-moz-binding', 'javascript:', 'vbscript:']) {
    if (lower.includes(word)) refuse(`"${word}" is not allowed`);
  }
  for (const name of FETCHING_FUNCTIONS) {
    const call = new RegExp(`(?:^|[^a-z0-9_-])${name.replace(/[-]/g, '\\-')}\\s*\\(`);
    if (call.test(lower)) refuse(`${name}() is not allowed`);
  }
  // Every url( ... ), quoted or not, must name one of the brand's own files.
  const urlCall = /url\(/g;
  for (let match = urlCall.exec(lower); match !== null; match = urlCall.exec(lower)) {
    const rest = css.slice(match.index + 4);
    const argument = /^\s*(?:"([^"]*)"|'([^']*)'|([^"')\s]*))\s*\)/.exec(rest);
    const target = argument ? (argument[1] ?? argument[2] ?? argument[3] ?? '') : null;
    if (target === null || !OWN_BRAND_URL.test(target)) {
      refuse('url() may only name /branding/logo, /branding/logo-dark or /branding/favicon');
    }
  }
  return css;
}

/**
 * How the hosted UI's header shows the logos (light, and dark when set); served before the admin's stylesheet,
 * which may override it.
 */
export const LOGO_CSS = `.brand-logo { height: 2rem; width: auto; max-width: 12rem; vertical-align: middle; margin-inline-end: 0.5rem; }
.brand-logo-dark { display: none; }
@media (prefers-color-scheme: dark) {
  .brand-logo-light.has-dark { display: none; }
  .brand-logo-dark { display: inline; }
}
`;

const HEX_COLOR = /^#[0-9a-f]{6}$/;

export function isBrandColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG 2.2 relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes the colour toward `target` until it has at least 4.5:1 contrast against `background` (WCAG AA text). */
function readableOn(
  color: [number, number, number],
  background: [number, number, number],
  target: [number, number, number],
): [number, number, number] {
  for (let step = 0; step <= 20; step++) {
    const share = step / 20;
    const mixed = color.map((value, index) => value + (target[index]! - value) * share) as [
      number,
      number,
      number,
    ];
    if (contrast(mixed, background) >= 4.5) return mixed;
  }
  return target;
}

const WHITE: [number, number, number] = [255, 255, 255];
const BLACK: [number, number, number] = [0, 0, 0];
/** The hosted UI's light and dark surfaces (packages/web/src/shared/styles.css). */
const LIGHT_SURFACE: [number, number, number] = [255, 255, 255];
const DARK_SURFACE: [number, number, number] = [29, 33, 39];

/**
 * The primary colour as the hosted UI's accent variables, in light and dark mode: kept readable (4.5:1) against
 * each mode's surface, with black or white button text, whichever contrasts more.
 */
export function themeCss(primaryColor: string | null): string {
  if (primaryColor === null || !isBrandColor(primaryColor)) return '';
  const accent = (color: [number, number, number]) =>
    `--color-accent: ${toHex(color)};\n  --color-accent-text: ${contrast(color, WHITE) >= contrast(color, BLACK) ? '#ffffff' : '#000000'};`;
  const light = readableOn(channels(primaryColor), LIGHT_SURFACE, BLACK);
  const dark = readableOn(channels(primaryColor), DARK_SURFACE, WHITE);
  return `html:root {\n  ${accent(light)}\n}\n@media (prefers-color-scheme: dark) {\n  html:root {\n    ${accent(dark).replace('\n  ', '\n    ')}\n  }\n}\n`;
}
