/** Whether a database error (from either driver, possibly wrapped by Drizzle) has this SQLSTATE. */
function hasSqlState(error: unknown, state: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: string }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Postgres unique_violation (23505). */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');
/** Postgres foreign_key_violation (23503): the row referred to was deleted concurrently. */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');
