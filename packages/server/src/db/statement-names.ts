/**
 * The names of the statements prepared on the database (db/prepared.ts), by their SQL text, across the process: a
 * name must never stand for two texts, and the embedded database's driver finds a statement's name by its text
 * (db/pglite-statements.ts).
 */
const textsByName = new Map<string, string>();
const namesByText = new Map<string, string>();

/** Records that `name` stands for `text`; throws when the name already stands for another text. */
export function nameStatement(name: string, text: string): void {
  const known = textsByName.get(name);
  if (known !== undefined && known !== text) {
    throw new Error(`prepared statement name '${name}' is already used for another query`);
  }
  textsByName.set(name, text);
  if (!namesByText.has(text)) namesByText.set(text, name);
}

/** The name a prepared statement of this text goes by, if one does. */
export function preparedStatementName(text: string): string | undefined {
  return namesByText.get(text);
}
