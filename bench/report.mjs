/**
 * Presentation of bench results: the Tessera/peer comparison table (a Markdown pipe table, readable in a terminal
 * and pasteable into docs/performance.md) and the check of the issue's targets.
 */

/**
 * @typedef {import('./measure.mjs').LoadResult} LoadResult
 * @typedef {{ tessera: LoadResult[], peer: LoadResult[], peerPg: LoadResult[], peerArgon2: LoadResult[] }} Rounds
 * @typedef {{ scenario: string, connections: number, tessera: LoadResult, peer: LoadResult,
 *   peerPg?: LoadResult, peerArgon2?: LoadResult, rounds?: Rounds }} Comparison
 *   `peer` is oidc-provider in memory with a constant-time password compare (the floor); `peerPg` the same on
 *   PostgreSQL through a persistent adapter; `peerArgon2` in memory with Argon2id password checks. The four
 *   results are each server's best round; `rounds` holds every round's, in order, for the paired ratios
 */

/** @typedef {'peer' | 'peerPg' | 'peerArgon2'} PeerKey */

/** How each peer is named in the output. @type {Record<PeerKey, string>} */
const PEER_NAMES = {
  peer: 'in-memory peer',
  peerPg: 'PostgreSQL-adapter peer',
  peerArgon2: 'Argon2id peer',
};

/**
 * The targets (docs/performance.md#targets), all in server CPU per operation measured in the same run:
 * - `minCheaper`: the peer's CPU per operation over Tessera's must be at least this (Tessera that many times
 *   cheaper);
 * - `maxCostlier`: Tessera's CPU per operation over the peer's must be at most this.
 * @type {{ scenario: string, against: PeerKey, minCheaper?: number, maxCostlier?: number }[]}
 */
export const TARGETS = [
  // Stateless: keep the lead over the peer.
  ...['client_credentials', 'introspection', 'userinfo', 'discovery', 'jwks'].map((scenario) => ({
    scenario,
    against: /** @type {PeerKey} */ ('peer'),
    minCheaper: 1.8,
  })),
  // Stateful, like with like: both servers on the same PostgreSQL (Tessera run with DATABASE_URL).
  { scenario: 'code_exchange', against: 'peerPg', minCheaper: 1.2 },
  { scenario: 'refresh', against: 'peerPg', minCheaper: 1.2 },
  // Sign-in: against a provider that checks passwords as it must, and against the floor.
  { scenario: 'sign_in', against: 'peerArgon2', minCheaper: 5 },
  { scenario: 'sign_in', against: 'peer', maxCostlier: 2 },
];

/**
 * What a row of the stateful scenarios counts, printed under the table when they are in it.
 * @type {Record<string, string>}
 */
const NOTES = {
  code_exchange: 'code_exchange: one request per operation (POST /token, a code minted ahead, used once)',
  refresh:
    'refresh: one request per operation (POST /token, each refresh token used once, rotated, reuse detection on)',
  client_credentials_dpop:
    'client_credentials_dpop: POST /token, client_credentials with client_secret_basic and a DPoP proof signed ahead ' +
    '(each used once; both servers record its jti to refuse a replay), a DPoP-bound token (cnf.jkt)',
  client_credentials_private_key_jwt:
    'client_credentials_private_key_jwt: POST /token, client_credentials authenticated by an ES256 client assertion ' +
    'signed ahead (each used once; both servers record its jti), a bearer token',
  sign_in:
    'sign_in: one row counts whole sign-ins (req/s = sign-ins/s, CPU µs/req = per sign-in): Tessera 4 requests ' +
    '(authorize, OPAQUE start, OPAQUE finish naming the request, which approves it as consent is remembered, ' +
    'token), the peer 5 (auth, interaction page, login, resume, token)',
};

/**
 * @param {number} value
 * @param {number} digits
 */
const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/**
 * @param {string[][]} rows first row is the header
 */
function pipeTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (/** @type {string[]} */ row) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}

/**
 * The comparison table: throughput, latency and server CPU per request for both, with the ratios.
 * @param {Comparison[]} comparisons
 */
export function comparisonTable(comparisons) {
  const header = [
    'endpoint',
    'conns',
    'Tessera req/s',
    'peer req/s',
    'ratio',
    'Tessera p50/p99 ms',
    'peer p50/p99 ms',
    'Tessera CPU µs/req',
    'peer CPU µs/req',
    'CPU ratio',
    'server cores T/P',
    'other load T/P',
    'failed T/P',
  ];
  const rows = comparisons.map(({ scenario, connections, tessera, peer }) => [
    scenario,
    String(connections),
    fixed(tessera.requestsPerSecond, 0),
    fixed(peer.requestsPerSecond, 0),
    `${fixed(tessera.requestsPerSecond / peer.requestsPerSecond, 2)}×`,
    `${fixed(tessera.p50Ms, 2)} / ${fixed(tessera.p99Ms, 2)}`,
    `${fixed(peer.p50Ms, 2)} / ${fixed(peer.p99Ms, 2)}`,
    fixed(tessera.serverCpuMicrosPerRequest, 1),
    fixed(peer.serverCpuMicrosPerRequest, 1),
    `${fixed(peer.serverCpuMicrosPerRequest / tessera.serverCpuMicrosPerRequest, 2)}×`,
    `${fixed(tessera.serverCoreShare, 2)} / ${fixed(peer.serverCoreShare, 2)}`,
    `${fixed(tessera.otherCoreShare, 2)} / ${fixed(peer.otherCoreShare, 2)}`,
    `${tessera.non2xx + tessera.errors} / ${peer.non2xx + peer.errors}`,
  ]);
  return pipeTable([header, ...rows]);
}

/**
 * The notes for the stateful scenarios among the comparisons, plus each server's sign-ins per second per core
 * (one core's worth of its CPU, 10^6 µs, over its CPU per sign-in).
 * @param {Comparison[]} comparisons
 * @returns {string[]}
 */
export function scenarioNotes(comparisons) {
  const names = new Set(comparisons.map(({ scenario }) => scenario));
  const lines = Object.entries(NOTES)
    .filter(([name]) => names.has(name))
    .map(([, note]) => note);
  for (const { scenario, connections, tessera, peer } of comparisons) {
    if (scenario !== 'sign_in') continue;
    lines.push(
      `sign_in @${connections}: sign-ins/s per server core: Tessera ${fixed(1e6 / tessera.serverCpuMicrosPerRequest, 0)}, ` +
        `peer ${fixed(1e6 / peer.serverCpuMicrosPerRequest, 0)}`,
    );
  }
  return lines;
}

/**
 * The honest peers beside the floor: server CPU per operation (and operations per second) of Tessera and of each
 * peer variant measured, for the scenarios where an honest peer ran. Null when none did.
 * @param {Comparison[]} comparisons
 */
export function honestPeerTable(comparisons) {
  const rows = comparisons.filter(({ peerPg, peerArgon2 }) => peerPg || peerArgon2);
  if (rows.length === 0) return null;
  const cpu = (/** @type {LoadResult | undefined} */ result) =>
    result ? fixed(result.serverCpuMicrosPerRequest, 0) : '—';
  const rate = (/** @type {LoadResult | undefined} */ result) =>
    result ? fixed(result.requestsPerSecond, 0) : '—';
  const ratio = (/** @type {LoadResult} */ tessera, /** @type {LoadResult | undefined} */ peer) =>
    peer ? `${fixed(peer.serverCpuMicrosPerRequest / tessera.serverCpuMicrosPerRequest, 2)}×` : '—';
  return pipeTable([
    [
      'scenario',
      'conns',
      'Tessera CPU µs/op',
      'in-memory peer',
      'PostgreSQL-adapter peer',
      'Argon2id peer',
      'CPU ratio vs in-memory',
      'vs PostgreSQL adapter',
      'vs Argon2id',
      'ops/s T / mem / PG / Argon2id',
    ],
    ...rows.map(({ scenario, connections, tessera, peer, peerPg, peerArgon2 }) => [
      scenario,
      String(connections),
      cpu(tessera),
      cpu(peer),
      cpu(peerPg),
      cpu(peerArgon2),
      ratio(tessera, peer),
      ratio(tessera, peerPg),
      ratio(tessera, peerArgon2),
      [tessera, peer, peerPg, peerArgon2].map(rate).join(' / '),
    ]),
  ]);
}

/**
 * From this many rounds on, a target is judged by the median of its paired rounds' ratios rather than by the
 * ratio of the two best rounds (docs/performance.md#noisy-machines---pin-rounds-and-instruction-counts).
 */
const PAIRED_ROUNDS_FOR_VERDICT = 3;

/**
 * The ratio of each round's pair (the two servers measured one right after the other, so at the same speed of a
 * machine whose speed drifts from minute to minute), sorted; `ratioOf` turns (Tessera's CPU, the peer's CPU) into
 * the target's ratio. Rounds where either server saw failures are left out.
 * @param {LoadResult[]} tesseraRounds
 * @param {LoadResult[]} peerRounds
 * @param {(tesseraCpu: number, peerCpu: number) => number} ratioOf
 * @returns {number[]}
 */
function pairedRatios(tesseraRounds, peerRounds, ratioOf) {
  const ratios = [];
  for (let round = 0; round < Math.min(tesseraRounds.length, peerRounds.length); round++) {
    const tessera = tesseraRounds[round];
    const peer = peerRounds[round];
    if (tessera.non2xx + tessera.errors > 0 || peer.non2xx + peer.errors > 0) continue;
    ratios.push(ratioOf(tessera.serverCpuMicrosPerRequest, peer.serverCpuMicrosPerRequest));
  }
  return ratios.sort((a, b) => a - b);
}

/** @param {number[]} sorted */
function median(sorted) {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * One line per target and connection count: the measured value, the bar, and met or MISSED (or not measured, when
 * the run did not include the peer the target is against). With PAIRED_ROUNDS_FOR_VERDICT rounds or more the
 * verdict is the median of the paired rounds' ratios: the ratio of the two best rounds compares each server at
 * its own best moment, which on a drifting machine may be minutes and a factor of speed apart. Both are printed.
 * @param {Comparison[]} comparisons
 * @returns {{ lines: string[], allMet: boolean }}
 */
export function checkTargets(comparisons) {
  const lines = [];
  let allMet = true;
  for (const comparison of comparisons) {
    const { scenario, connections, tessera } = comparison;
    for (const target of TARGETS.filter((entry) => entry.scenario === scenario)) {
      const peer = comparison[target.against];
      const name = PEER_NAMES[target.against];
      if (!peer) {
        lines.push(`n/a    ${scenario} @${connections}: the ${name} was not measured in this run`);
        continue;
      }
      const tesseraCpu = tessera.serverCpuMicrosPerRequest;
      const peerCpu = peer.serverCpuMicrosPerRequest;
      /**
       * @param {(tesseraCpu: number, peerCpu: number) => number} ratioOf
       * @param {(ratio: number) => boolean} meets
       * @param {string} describe the ratio and the bar, given the ratio's text
       */
      const judge = (ratioOf, meets, describe) => {
        const bestRatio = ratioOf(tesseraCpu, peerCpu);
        const paired = comparison.rounds
          ? pairedRatios(comparison.rounds.tessera, comparison.rounds[target.against], ratioOf)
          : [];
        const byRounds = paired.length >= PAIRED_ROUNDS_FOR_VERDICT;
        const verdictRatio = byRounds ? median(paired) : bestRatio;
        const met = meets(verdictRatio);
        allMet &&= met;
        const range = `${fixed(paired[0], 2)}-${fixed(paired.at(-1) ?? Number.NaN, 2)}×`;
        const best = `best rounds ${fixed(bestRatio, 2)}×: Tessera ${fixed(tesseraCpu, 1)} µs/op, ${name} ${fixed(peerCpu, 1)} µs/op`;
        const basis = byRounds
          ? `median of ${paired.length} paired rounds, ${range}; ${best}`
          : paired.length > 1
            ? `${best}; ${paired.length} paired rounds ${range}`
            : best;
        lines.push(
          `${met ? 'met   ' : 'MISSED'} ${scenario} @${connections}: ${describe(`${fixed(verdictRatio, 2)}×`)} (${basis})`,
        );
      };
      if (target.minCheaper !== undefined) {
        const bar = target.minCheaper;
        judge(
          (tesseraRound, peerRound) => peerRound / tesseraRound,
          (ratio) => ratio >= bar,
          (ratio) => `CPU ratio ${ratio} the ${name} (target ≥ ${bar}×)`,
        );
      }
      if (target.maxCostlier !== undefined) {
        const bar = target.maxCostlier;
        judge(
          (tesseraRound, peerRound) => tesseraRound / peerRound,
          (ratio) => ratio <= bar,
          (ratio) => `Tessera's CPU ${ratio} the ${name}'s (target ≤ ${bar}×)`,
        );
      }
    }
  }
  return { lines, allMet };
}
