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

/**
 * A small server-rendered page for when the hosted UI cannot be used (e.g. an authorization request whose client or
 * redirect URI is invalid, where nothing may be redirected). No script and no inline style, so the CSP holds.
 */
export function messagePage(
  title: string,
  paragraphs: string[],
  link?: { href: string; text: string },
): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n    ');
  const anchor = link ? `\n    <p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
  </head>
  <body>
    <main>
    <h1>${escapeHtml(title)}</h1>
    ${body}${anchor}
    </main>
  </body>
</html>
`;
}
