import { type UiLocale, uiLocaleDirection } from '../config/ui-locales.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** What a server-rendered page shows of the brand (branding/: the deployment's, or an organization's). */
export interface PageBrand {
  productName: string;
  /** Paths on this port: the brand's stylesheet and, when set, its logos. */
  stylesheet: string;
  logo: string | null;
  logoDark: string | null;
  favicon: string | null;
}

const UNBRANDED: PageBrand = {
  productName: 'Tessera',
  stylesheet: '',
  logo: null,
  logoDark: null,
  favicon: null,
};

/**
 * The look of the server-rendered pages (served as /branding/page.css), on the hosted UI's colour variables, which
 * the brand's stylesheet (/branding/custom.css, linked after it) sets to the primary colour.
 */
export const PAGE_STYLESHEET = `:root {
  color-scheme: light dark;
  --color-text: #1b1f24;
  --color-muted: #545d68;
  --color-background: #f6f7f9;
  --color-surface: #ffffff;
  --color-border: #d0d6de;
  --color-accent: #1f4e8c;
  --color-accent-text: #ffffff;
}
@media (prefers-color-scheme: dark) {
  :root {
    --color-text: #e8ebef;
    --color-muted: #a7b0bb;
    --color-background: #14171b;
    --color-surface: #1d2127;
    --color-border: #3a424c;
    --color-accent: #8dbaf2;
    --color-accent-text: #0d1117;
  }
}
body {
  margin: 0;
  background: var(--color-background);
  color: var(--color-text);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  line-height: 1.5;
}
.site-header {
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 1rem 1.5rem;
  border-top: 4px solid var(--color-accent);
  background: var(--color-surface);
  border-bottom: 1px solid var(--color-border);
  font-weight: 600;
}
.brand-logo { max-height: 2.5rem; max-width: 12rem; }
.brand-logo-dark { display: none; }
@media (prefers-color-scheme: dark) {
  .brand-logo-light.has-dark { display: none; }
  .brand-logo-dark { display: inline; }
}
main {
  max-width: 36rem;
  margin: 2rem auto;
  padding: 1.5rem 2rem;
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: 6px;
}
h1 { margin-top: 0; font-size: 1.5rem; }
a { color: var(--color-accent); }
`;

/**
 * A small server-rendered page for when the hosted UI cannot be used (e.g. an authorization request whose client or
 * redirect URI is invalid, where nothing may be redirected). No script and no inline style, so the CSP holds; it
 * wears the brand through served files only (stylesheets and logos from /branding/).
 */
export function messagePage(
  title: string,
  paragraphs: string[],
  link?: { href: string; text: string },
  brand: PageBrand = UNBRANDED,
  /** The language the words are in: `<html lang dir>` (right to left for Arabic). */
  locale: UiLocale = 'en',
): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n    ');
  const anchor = link ? `\n    <p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  const name = escapeHtml(brand.productName);
  const logos = [
    brand.logo
      ? `<img class="brand-logo brand-logo-light${brand.logoDark ? ' has-dark' : ''}" src="${escapeHtml(brand.logo)}" alt="${name}">`
      : '',
    brand.logoDark
      ? `<img class="brand-logo brand-logo-dark" src="${escapeHtml(brand.logoDark)}" alt="${name}">`
      : '',
  ].join('');
  const stylesheets = ['/branding/page.css', brand.stylesheet]
    .filter((href) => href !== '')
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('\n    ');
  const icon = brand.favicon ? `\n    <link rel="icon" href="${escapeHtml(brand.favicon)}">` : '';
  return `<!doctype html>
<html lang="${locale}" dir="${uiLocaleDirection(locale)}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)} – ${name}</title>
    ${stylesheets}${icon}
  </head>
  <body>
    <header class="site-header">${logos}${brand.logo ? '' : `<span class="site-name">${name}</span>`}</header>
    <main>
    <h1>${escapeHtml(title)}</h1>
    ${body}${anchor}
    </main>
  </body>
</html>
`;
}
