import type { BrowserContext, Page } from 'playwright-core';

/**
 * Whether every word the hosted UI shows comes from its message catalogs (docs/languages.md): the browser tests'
 * build marks every message, date, number and list the translator hands out with private-use characters
 * (packages/web/src/shared/i18n/translator.ts) when the page global below is set; a word outside the marks was
 * written into a component instead of looked up.
 */

/** Marks the catalog's words in every page of the context (set before any page script runs). */
export async function markCatalogMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    (globalThis as { tesseraTestMarkMessages?: boolean }).tesseraTestMarkMessages = true;
  });
}

/**
 * The visible text of the page not taken from the catalog: text nodes, and the attributes a user reads or hears
 * (aria-label, title, alt, placeholder, a button's value, the document's title), each with its marked parts and
 * the given data (names, addresses, codes: what the user or the app supplied) taken out; what still has letters in
 * it is reported, with the element it is in.
 */
export function unmarkedText(page: Page, data: readonly string[]): Promise<string[]> {
  return page.evaluate((allowed) => {
    const START = '\uE000';
    const END = '\uE001';
    const innermost = new RegExp(`${START}[^${START}${END}]*${END}`, 'g');
    const rest = (text: string) => {
      let left = text;
      for (let previous = ''; previous !== left; ) {
        previous = left;
        left = left.replace(innermost, ' ');
      }
      for (const value of [...allowed].sort((a, b) => b.length - a.length))
        left = left.split(value).join(' ');
      return left;
    };
    const found: string[] = [];
    const where = (element: Element | null) =>
      element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}` : '?';
    const report = (element: Element | null, what: string, text: string) => {
      if (/\p{L}/u.test(rest(text))) found.push(`${where(element)} ${what}: ${JSON.stringify(text)}`);
    };
    const visible = (element: Element) =>
      element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) ||
      // <option>s of a closed <select> are not rendered, but read out.
      element.closest('select') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) || !visible(parent)) continue;
      // Codes shown to be copied (a recovery key, backup codes, a set-up key in its read-only text area) are data;
      // what is hidden from assistive technology is decoration drawn from data (an app's initial for its logo).
      if (parent.closest('code, textarea, [aria-hidden="true"]')) continue;
      report(parent, 'text', node.textContent ?? '');
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (!visible(element)) continue;
      for (const name of ['aria-label', 'aria-description', 'title', 'alt', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) report(element, name, value);
      }
      if (element instanceof HTMLInputElement && ['submit', 'button'].includes(element.type))
        report(element, 'value', element.value);
    }
    report(null, 'document title', document.title);
    return found;
  }, data);
}
