import type { Histogram, Registry } from 'prom-client';

/** `2xx`, `4xx`, ...: one label to aggregate by without a regular expression over status codes. */
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
function statusClass(statusCode: number): string {
  return STATUS_CLASSES[Math.floor(statusCode / 100) - 1] ?? 'other';
}

/** The labels of one request series, in the order they are exposed. */
export interface RequestLabels {
  port: string;
  method: string;
  route: string;
  status_code: number;
  status_class: string;
}

/** One series: its counts per bucket (not cumulative: an observation counts in the first bucket it fits). */
interface Series {
  labels: RequestLabels;
  buckets: number[];
  sum: number;
  count: number;
}

/** A series by route, then method, then status code: three lookups of strings and a number Node already holds. */
type SeriesIndex = Map<string, Map<string, Map<number, Series>>>;

/**
 * The request duration histogram (`tessera_http_request_duration_seconds`), exposed exactly as prom-client's
 * `Histogram` exposes it, but observed without its per-observation work: prom-client builds and validates a label
 * object, hashes it into a string and converts each bucket bound to a property name on every observation (about
 * 8,000 instructions, some 2 % of a JWKS request). Here a request finds its series by the values Fastify already
 * holds (about 1,000), and a new series is made once. The registry reads it through the metric interface
 * prom-client's own metrics implement (`get`, `getForPromString`, `reset`); request-durations.test.ts checks the
 * exposition against prom-client's own Histogram.
 */
export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly indexes = new Map<string, SeriesIndex>();
  /** Every series in the order it was first observed, the order prom-client exposes them in. */
  private series: Series[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Histogram);
  }

  /** Records one request of `seconds` (a finite number) under its labels. */
  observe(port: string, method: string, route: string, statusCode: number, seconds: number): void {
    let byRoute = this.indexes.get(port);
    if (!byRoute) {
      byRoute = new Map();
      this.indexes.set(port, byRoute);
    }
    let byMethod = byRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(statusCode);
    if (!series) {
      series = {
        labels: { port, method, route, status_code: statusCode, status_class: statusClass(statusCode) },
        buckets: this.upperBounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusCode, series);
      this.series.push(series);
    }
    const bounds = this.upperBounds;
    for (let index = 0; index < bounds.length; index += 1) {
      if (seconds <= (bounds[index] as number)) {
        (series.buckets[index] as number) += 1;
        break;
      }
    }
    series.sum += seconds;
    series.count += 1;
  }

  reset(): void {
    this.indexes.clear();
    this.series = [];
  }

  /** The samples with each series' labels apart (`sharedLabels`), as the registry formats them. */
  async getForPromString() {
    const bucketName = `${this.name}_bucket`;
    const values: {
      labels: Record<string, string | number>;
      sharedLabels: RequestLabels;
      value: number;
      metricName: string;
      exemplar: null | undefined;
    }[] = [];
    for (const series of this.series) {
      let cumulative = 0;
      this.upperBounds.forEach((le, index) => {
        cumulative += series.buckets[index] as number;
        values.push({
          labels: { le },
          sharedLabels: series.labels,
          value: cumulative,
          metricName: bucketName,
          exemplar: null,
        });
      });
      values.push(
        {
          labels: { le: '+Inf' },
          sharedLabels: series.labels,
          value: series.count,
          metricName: bucketName,
          exemplar: null,
        },
        {
          labels: {},
          sharedLabels: series.labels,
          value: series.sum,
          metricName: `${this.name}_sum`,
          exemplar: undefined,
        },
        {
          labels: {},
          sharedLabels: series.labels,
          value: series.count,
          metricName: `${this.name}_count`,
          exemplar: undefined,
        },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The samples with each series' labels merged in, after the bucket's `le` (prom-client's `Histogram.get`). */
  async get() {
    const data = await this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ labels, sharedLabels, ...sample }) => ({
        ...sample,
        labels: { ...labels, ...sharedLabels } as Record<string, string | number>,
      })),
    };
  }
}
