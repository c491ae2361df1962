/**
 * A `LIKE`/`ILIKE` pattern that matches `text` anywhere, with `%`, `_` and the escape character itself matched
 * literally (backslash is PostgreSQL's default `LIKE` escape: https://www.postgresql.org/docs/current/functions-matching.html#FUNCTIONS-LIKE).
 */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A `LIKE`/`ILIKE` pattern that matches what starts with `text`, its metacharacters matched literally. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/** `text` with the `LIKE` metacharacters escaped, so a pattern built around it matches them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
