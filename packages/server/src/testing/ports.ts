import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * Listen ports for servers the tests start, chosen below the kernel's ephemeral range.
 *
 * A port the OS hands out for `listen(0)` comes from the ephemeral range (`ip_local_port_range`, 32768–60999 on
 * Linux), the same range it draws every outgoing connection's local port from. A test that kills a server and
 * restarts it on the same port could find that port taken in between by some client's connection to PostgreSQL or
 * Redis. Below the range only another listener can hold a port, and every test listener picks its ports here.
 */
const BELOW_EPHEMERAL_FLOOR = 20_000;
const PROBE_ATTEMPTS = 200;

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/** Two different ports that were free a moment ago: a server's public and admin ports. */
export async function freePortPair(): Promise<[number, number]> {
  const [first, second] = await freePorts(2);
  return [first!, second!];
}

/**
 * `count` different ports that were free a moment ago. All are held open until each is known: a port found free and
 * released could be offered again by the next probe.
 */
async function freePorts(count: number): Promise<number[]> {
  const range = listenRange();
  const held: Server[] = [];
  try {
    for (let attempt = 0; held.length < count; attempt += 1) {
      if (attempt >= PROBE_ATTEMPTS) throw new Error(`no free port in ${range.low}–${range.high - 1}`);
      const port = range.low + Math.floor(Math.random() * (range.high - range.low));
      const probe = await tryListen(port);
      if (probe) held.push(probe);
    }
    return held.map((probe) => (probe.address() as { port: number }).port);
  } finally {
    await Promise.all(held.map((probe) => new Promise((resolve) => probe.close(resolve))));
  }
}

function tryListen(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => resolve(probe));
  });
}

/** Ports below the ephemeral range; where the range cannot be read, the common Linux one is assumed. */
function listenRange(): { low: number; high: number } {
  let ephemeralLow = 32_768;
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    if (low && Number(low) > BELOW_EPHEMERAL_FLOOR + 1_000) ephemeralLow = Number(low);
  } catch {
    // Not Linux: the assumed range is a guess, and the start retries cover a port taken anyway.
  }
  return { low: BELOW_EPHEMERAL_FLOOR, high: ephemeralLow };
}
