import { type Attributes, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';

/**
 * OpenTelemetry tracing (docs/observability.md#tracing), off by default and configured by the standard `OTEL_*`
 * variables. This module needs only the API; the SDK (telemetry/tracing-sdk.ts) is loaded when tracing is on.
 * While it is off nothing is registered: the API's tracer is the no-op one, and the code that would
 * start spans checks `tracingActive()` first, so the hot path costs one boolean test.
 */

let active: Tracer | null = null;

export interface TracingSettings {
  serviceName: string;
  protocol: 'http/protobuf' | 'http/json';
}

const SUPPORTED_PROTOCOLS = ['http/protobuf', 'http/json'] as const;

function isTrue(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

/**
 * Whether the environment asks for traces, and how they are sent; null when tracing stays off. Tracing is on when
 * an OTLP endpoint is configured (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT`) or
 * `OTEL_TRACES_EXPORTER=otlp` is set, unless `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`. Throws on a
 * value the service cannot honour (another exporter or protocol), rather than starting without the traces asked for.
 */
export function tracingSettingsFrom(env: Record<string, string | undefined>): TracingSettings | null {
  if (isTrue(env.OTEL_SDK_DISABLED)) return null;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  if (exporters.includes('none')) return null;
  const unsupported = exporters.filter((value) => value !== 'otlp');
  if (unsupported.length > 0) {
    throw new Error(`OTEL_TRACES_EXPORTER: only otlp (or none) is supported, not ${unsupported.join(', ')}`);
  }
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint && exporters.length === 0) return null;
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ||
    env.OTEL_EXPORTER_OTLP_PROTOCOL ||
    'http/protobuf'
  )
    .trim()
    .toLowerCase();
  if (!(SUPPORTED_PROTOCOLS as readonly string[]).includes(protocol)) {
    throw new Error(
      `OTEL_EXPORTER_OTLP_PROTOCOL: ${SUPPORTED_PROTOCOLS.join(' or ')} (OTLP over HTTP), not ${protocol}`,
    );
  }
  return {
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'tessera',
    protocol: protocol as TracingSettings['protocol'],
  };
}

/** Set by the SDK's start (telemetry/tracing-sdk.ts) and cleared by its shutdown. */
export function setActiveTracer(tracer: Tracer | null): void {
  active = tracer;
}

/** Whether spans are being recorded in this process. */
export function tracingActive(): boolean {
  return active !== null;
}

/** The tracer while tracing is on; callers check `tracingActive()` (or use `inSpan`) first. */
export function activeTracer(): Tracer | null {
  return active;
}

/**
 * Runs `fn` in a child span of the current one, ending it when the promise settles and marking it failed when it
 * rejects. With tracing off it calls `fn` straight away. Attributes must never carry secrets, tokens or statement
 * values (docs/observability.md#what-spans-never-carry).
 */
export function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: (span: Span | null) => Promise<T>,
): Promise<T> {
  const tracer = active;
  if (!tracer) return fn(null);
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorName(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** An error's class and code, never its message (a driver's message may quote a value). */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return 'error';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
}

/**
 * The trace and span ids of the current span, for a log line; empty when tracing is off or no span is current. A
 * fresh object each time: pino merges the line's own fields into what its mixin returns.
 */
export function currentTraceFields(): { trace_id?: string; span_id?: string } {
  if (!active) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

export { SpanKind, SpanStatusCode };
