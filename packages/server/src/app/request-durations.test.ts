import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations.js';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const NAME = 'tessera_http_request_duration_seconds';
const HELP = 'Time from receiving an HTTP request to finishing its response';

/** Requests over a few routes, methods and statuses, durations in and beyond every bucket and on their bounds. */
function observations() {
  const routes = ['/token', '/.well-known/jwks.json', '(unmatched)', '/admin/users/:userId'];
  const out: { port: string; method: string; route: string; status: number; seconds: number }[] = [];
  for (let index = 0; index < 400; index += 1) {
    out.push({
      port: index % 7 === 0 ? 'admin' : 'public',
      method: index % 3 === 0 ? 'POST' : 'GET',
      route: routes[index % routes.length] as string,
      status: [200, 400, 401, 404, 503, 302][index % 6] as number,
      seconds:
        index % 11 === 0 ? (BUCKETS[index % BUCKETS.length] as number) : ((index * 7919) % 9000) / 1000,
    });
  }
  return out;
}

describe('RequestDurations', () => {
  it('exposes what prom-client’s Histogram exposes for the same observations', async () => {
    const theirs = new Registry();
    const histogram = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['port', 'method', 'route', 'status_code', 'status_class'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    const ours = new Registry();
    const durations = new RequestDurations(NAME, HELP, BUCKETS, ours);
    for (const { port, method, route, status, seconds } of observations()) {
      const statusClass = `${String(status)[0]}xx`;
      histogram.observe({ port, method, route, status_code: status, status_class: statusClass }, seconds);
      durations.observe(port, method, route, status, seconds);
    }
    const text = await ours.metrics();
    expect(text).toContain(`${NAME}_bucket{le="+Inf",port="admin",method="POST",route="/token"`);
    expect(text).toBe(await theirs.metrics());
    expect(await durations.get()).toEqual(await histogram.get());

    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    durations.observe('public', 'GET', '/token', 200, 0.002);
    histogram.observe(
      { port: 'public', method: 'GET', route: '/token', status_code: 200, status_class: '2xx' },
      0.002,
    );
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
