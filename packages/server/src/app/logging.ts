import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/config.js';
import { currentTraceFields } from '../telemetry/tracing.js';

/** Query parameters whose values are secrets or bearer values; they are replaced before a URL is logged. */
const SECRET_QUERY_PARAMETERS = new Set([
  'code',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'client_secret',
  'code_verifier',
  'password',
  'secret',
  'request_id',
  'install_token',
  'reset_token',
  'verification_token',
  'invite_token',
  'zk_key_hash',
  'drk_hash',
]);

export const REDACTED = '[redacted]';

function parameterName(piece: string): string {
  const raw = piece.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** Returns the URL with the values of secret-bearing query parameters replaced; everything else is kept verbatim. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const pieces = url.slice(queryStart + 1).split('&');
  const redacted = pieces.map((piece) =>
    SECRET_QUERY_PARAMETERS.has(parameterName(piece)) ? `${piece.split('=', 1)[0]}=${REDACTED}` : piece,
  );
  return `${url.slice(0, queryStart)}?${redacted.join('&')}`;
}

/**
 * Redacted paths cover anything that might carry a credential if a log line ever includes it: headers, cookies,
 * and common secret field names at any depth of a logged object.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'req.headers["x-csrf-token"]',
  // A DPoP proof (RFC 9449 §4) is a signed, single-use credential for one request.
  'req.headers.dpop',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.client_secret',
  '*.clientSecret',
  '*.secret',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.code',
  '*.code_verifier',
];

/** Fields of a database driver's error that repeat a statement's values: emails, hashes, sealed secrets. */
const VALUE_BEARING_ERROR_FIELDS = ['params', 'parameters', 'detail', 'where', 'internalQuery'];

/**
 * Drizzle wraps a failed statement as `Failed query: <sql>\nparams: <values>`, and PostgreSQL's error `detail`
 * quotes the offending value (`Key (email)=(...) already exists`). The SQL text and the error code help an
 * operator; the values are user data and may be secrets, so they never reach the log, anywhere in the cause chain.
 */
export function serializeError(error: unknown): unknown {
  return pino.stdSerializers.err(withoutStatementValues(error, 0) as Error);
}

function withoutStatementValues(error: unknown, depth: number): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const fields = error as Error & Record<string, unknown>;
  const cause = withoutStatementValues(fields.cause, depth + 1);
  const bearsValues = VALUE_BEARING_ERROR_FIELDS.some((field) => field in fields);
  if (!bearsValues && cause === fields.cause) return error;
  const copy = Object.create(Object.getPrototypeOf(error)) as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(error)) copy[key] = fields[key];
  for (const field of VALUE_BEARING_ERROR_FIELDS) if (field in fields) copy[field] = REDACTED;
  const message =
    'params' in fields && typeof fields.query === 'string'
      ? `Failed query: ${fields.query}\nparams: ${REDACTED}`
      : error.message;
  copy.message = message;
  copy.stack = error.stack?.replace(error.message, message);
  if (fields.cause !== undefined) copy.cause = cause;
  return copy;
}

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      // While tracing is on, a line written for a request names its trace (docs/observability.md#logs).
      mixin: currentTraceFields,
      serializers: {
        // Only what an operator needs; never headers or bodies.
        req(request: IncomingMessage & { id?: string; ip?: string }) {
          return {
            id: request.id,
            method: request.method,
            url: redactUrl(request.url ?? ''),
            remoteAddress: request.ip ?? request.socket?.remoteAddress,
          };
        },
        err: serializeError,
      },
    },
    destination,
  );
}
