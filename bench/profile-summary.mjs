/**
 * Summarizes a V8 CPU profile (`node --cpu-prof`, e.g. from `node bench/run.mjs --profile=DIR`): the functions with
 * the most self time, the most inclusive time, and self time per package or file, so a bench miss can name where
 * the server's time goes.
 *
 * Usage: node bench/profile-summary.mjs FILE.cpuprofile [--top=25] [--last=SECONDS [--skip-end=SECONDS]]
 *
 * `--last` keeps only the samples of that many seconds before the profile's end (less `--skip-end`, the shutdown):
 * bench/run.mjs's profile spans the set-up of each measurement too (for code_exchange, the GET /authorize requests
 * that mint its codes), and the measurement is its last `--duration` seconds.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/**
 * @typedef {object} ProfileNode
 * @property {number} id
 * @property {{ functionName: string, url: string, lineNumber: number }} callFrame
 * @property {number[]} [children]
 */

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    last: { type: 'string' },
    'skip-end': { type: 'string', default: '0' },
  },
});
if (positionals.length !== 1) {
  console.error(
    'usage: node bench/profile-summary.mjs FILE.cpuprofile [--top=25] [--last=SECONDS [--skip-end=SECONDS]]',
  );
  process.exit(2);
}
const top = Number(values.top);
/** @type {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} */
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
if (values.last !== undefined) keepWindow(profile, Number(values.last), Number(values['skip-end']));

/**
 * Drops the samples outside [end - skipEnd - last, end - skipEnd] (seconds, end = the last sample's time).
 * @param {{ samples: number[], timeDeltas: number[] }} cpuProfile
 * @param {number} last
 * @param {number} skipEnd
 */
function keepWindow(cpuProfile, last, skipEnd) {
  if (!(last > 0) || !(skipEnd >= 0)) throw new Error('--last must be > 0 and --skip-end >= 0 (seconds)');
  let at = 0;
  const times = cpuProfile.timeDeltas.map((delta) => (at += delta));
  const to = at - skipEnd * 1e6;
  const from = to - last * 1e6;
  /** @type {number[]} */
  const samples = [];
  /** @type {number[]} */
  const deltas = [];
  cpuProfile.samples.forEach((id, index) => {
    const time = /** @type {number} */ (times[index]);
    if (time < from || time > to) return;
    samples.push(id);
    // The first kept sample's delta reaches back before the window: count it from the window's start.
    deltas.push(
      samples.length === 1
        ? Math.min(time - from, cpuProfile.timeDeltas[index] ?? 0)
        : (cpuProfile.timeDeltas[index] ?? 0),
    );
  });
  cpuProfile.samples = samples;
  cpuProfile.timeDeltas = deltas;
}

/** Where a function lives: node_modules/<package>, a node: internal, or the file under the repository. */
function placeOf(/** @type {string} */ url) {
  if (!url) return '(native/V8)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const dist = url.indexOf('/dist/');
  return dist >= 0 ? `tessera ${url.slice(dist + 1)}` : url.replace(/^file:\/\//, '');
}

/** A readable name for a call frame. */
function frameName(/** @type {ProfileNode['callFrame']} */ frame) {
  const file = frame.url ? frame.url.split('/').slice(-2).join('/') : '';
  return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
}

/** @type {Map<number, ProfileNode>} */
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
/** @type {Map<number, number>} */
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** Self time per node in microseconds, from the sample time deltas. @type {Map<number, number>} */
const selfMicros = new Map();
let totalMicros = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
  totalMicros += delta;
});

const IDLE = new Set(['(idle)', '(program)', '(root)']);
const idleMicros = [...selfMicros]
  .filter(([id]) => IDLE.has(/** @type {ProfileNode} */ (byId.get(id)).callFrame.functionName))
  .reduce((sum, [, micros]) => sum + micros, 0);
const busyMicros = totalMicros - idleMicros;

/** @type {Map<string, number>} */
const selfByFunction = new Map();
/** @type {Map<string, number>} */
const inclusiveByFunction = new Map();
/** @type {Map<string, number>} */
const selfByPlace = new Map();
for (const [id, micros] of selfMicros) {
  const node = /** @type {ProfileNode} */ (byId.get(id));
  if (IDLE.has(node.callFrame.functionName)) continue;
  const name = frameName(node.callFrame);
  selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + micros);
  const place =
    node.callFrame.functionName === '(garbage collector)'
      ? '(garbage collector)'
      : placeOf(node.callFrame.url);
  selfByPlace.set(place, (selfByPlace.get(place) ?? 0) + micros);
  // Inclusive time: each distinct function on the stack gets the sample once (recursion counted once).
  const seen = new Set();
  for (let current = id; current !== undefined; current = /** @type {number} */ (parentOf.get(current))) {
    const frame = /** @type {ProfileNode} */ (byId.get(current)).callFrame;
    const frameKey = frameName(frame);
    if (IDLE.has(frame.functionName) || seen.has(frameKey)) continue;
    seen.add(frameKey);
    inclusiveByFunction.set(frameKey, (inclusiveByFunction.get(frameKey) ?? 0) + micros);
  }
}

/** @param {Map<string, number>} map @param {string} title */
function print(map, title) {
  console.log(`\n${title}`);
  const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, micros] of rows) {
    console.log(
      `${((100 * micros) / busyMicros).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`,
    );
  }
}

console.log(
  `profile: ${(totalMicros / 1e6).toFixed(1)} s sampled, ${(busyMicros / 1e6).toFixed(1)} s busy (percentages are of busy time)`,
);
print(selfByPlace, 'self time by package / file');
print(selfByFunction, 'top functions by self time');
print(inclusiveByFunction, 'top functions by inclusive time');
