import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { VERSION } from '../version.js';
import { setActiveTracer, tracingActive, tracingSettingsFrom } from './tracing.js';

export interface RunningTracing {
  /** Exports the spans still buffered, then turns tracing off and unregisters the global provider. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing as the environment says, process-wide; null when it stays off. The exporter reads the endpoint,
 * headers, timeout and compression from the same variables (OTEL_EXPORTER_OTLP_[TRACES_]*), and the resource takes
 * `OTEL_RESOURCE_ATTRIBUTES` besides the service name and version.
 */
export function startTracing(env: Record<string, string | undefined> = process.env): RunningTracing | null {
  const settings = tracingSettingsFrom(env);
  if (!settings) return null;
  if (tracingActive()) throw new Error('tracing is already started in this process');
  const url = tracesUrl(env);
  const exporter: SpanExporter =
    settings.protocol === 'http/json' ? new OtlpJsonExporter({ url }) : new OtlpProtobufExporter({ url });
  const extra = Object.fromEntries(
    (env.OTEL_RESOURCE_ATTRIBUTES ?? '')
      .split(',')
      .map((pair) => pair.split('=').map((part) => decodeURIComponentSafely(part.trim())))
      .filter(
        (pair): pair is [string, string] => pair.length === 2 && pair[0] !== '' && pair[1] !== undefined,
      ),
  );
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      ...extra,
      [ATTR_SERVICE_NAME]: settings.serviceName,
      [ATTR_SERVICE_VERSION]: VERSION,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // Registers the async-context manager (a request's span follows its awaits) and the W3C propagator.
  provider.register({ propagator: new W3CTraceContextPropagator() });
  setActiveTracer(provider.getTracer('tessera', VERSION));
  return {
    async shutdown() {
      setActiveTracer(null);
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        context.disable();
        propagation.disable();
      }
    },
  };
}

/**
 * Where spans go (OpenTelemetry specification, "OTLP exporter"): the traces endpoint as given, or the base endpoint
 * with `/v1/traces` appended; by default the local collector, http://localhost:4318/v1/traces.
 */
function tracesUrl(env: Record<string, string | undefined>): string {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || 'http://localhost:4318';
  return `${base.replace(/\/+$/, '')}/v1/traces`;
}

function decodeURIComponentSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
