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

/**
 * SQLSTATE classes and codes meaning "the database is not there right now", not "this statement is wrong":
 * connection exceptions (08), the server shutting down or starting up (57P01–57P03), too many connections (53300).
 */
const UNAVAILABLE_SQL_STATES = /^(08...|57P0[123]|53300)$/;
/** Node socket errors on the way to the database. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres reports a lost or refused connection with a plain Error and one of these messages. */
const UNAVAILABLE_DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout)/;

/**
 * Whether an error (from either driver, possibly wrapped by Drizzle) means the database could not be reached, so
 * the request deserves a 503 and a retry rather than a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQL_STATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_DRIVER_MESSAGES.test(message)) return true;
    // Connecting to a name with several addresses fails with one error per address.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
