import { type Attributes, type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';
import { activeTracer } from '../telemetry/tracing.js';

/** The attribute naming a prepared statement (db/prepared.ts), which says which query of the service it is. */
export const STATEMENT_NAME_ATTRIBUTE = 'tessera.db.statement_name';

/** Longer statement texts are cut; what an operator needs is at the start. */
const MAX_QUERY_TEXT = 2_000;

/**
 * A child span for one database statement (docs/observability.md#tracing), or null while tracing is off. The span
 * carries the statement's text only when its values travel apart from it (`$1` parameters) or it quotes no literal:
 * statement values (emails, token hashes, sealed secrets) never reach a span.
 */
export function startStatementSpan(
  text: string | undefined,
  hasParameters: boolean,
  preparedName: string | undefined,
): Span | null {
  const tracer = activeTracer();
  if (!tracer) return null;
  const operation = operationOf(text);
  const attributes: Attributes = {
    [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
    [ATTR_DB_OPERATION_NAME]: operation,
  };
  if (text && (hasParameters || !text.includes("'"))) {
    attributes[ATTR_DB_QUERY_TEXT] = text.length > MAX_QUERY_TEXT ? text.slice(0, MAX_QUERY_TEXT) : text;
  }
  if (preparedName) attributes[STATEMENT_NAME_ATTRIBUTE] = preparedName;
  return tracer.startSpan(operation, { kind: SpanKind.CLIENT, attributes });
}

/** Ends a statement's span; a failure is marked with the driver's error code, never its message (it may quote values). */
export function endStatementSpan(span: Span | null, error?: unknown): void {
  if (!span) return;
  if (error) {
    const code = (error as { code?: unknown }).code;
    span.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === 'string' ? code : 'error' });
  }
  span.end();
}

/** Runs one statement inside its span; while tracing is off, `run` is called and its promise returned as it is. */
export function tracedStatement<T>(
  text: string | undefined,
  hasParameters: boolean,
  preparedName: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const span = startStatementSpan(text, hasParameters, preparedName);
  if (!span) return run();
  return run().then(
    (result) => {
      endStatementSpan(span);
      return result;
    },
    (error: unknown) => {
      endStatementSpan(span, error);
      throw error;
    },
  );
}

/** The statement's first keyword (`SELECT`, `INSERT`, `WITH`, ...), which names its span. */
function operationOf(text: string | undefined): string {
  const match = /^\s*([a-zA-Z]+)/.exec(text ?? '');
  return match ? match[1]!.toUpperCase() : 'QUERY';
}
