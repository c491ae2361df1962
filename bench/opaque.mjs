/**
 * `npm run bench:opaque`: the server's CPU for its part of one OPAQUE login (RFC 9807 §6.4.3: the server's
 * KE2 from the client's KE1, then the check of the client's KE3), made with the library Tessera's server uses
 * (@serenity-kit/opaque, DESIGN.md's choice), by itself: no HTTP, no database, no session. Every password sign-in
 * does this once, and the peer of `npm run bench` (oidc-provider with a trivial password check) does not, so this
 * figure is the part of Tessera's sign-in that the sign-in target (≤ 3 ms of server CPU) cannot be compared with
 * the peer on: measure it on the machine that measured the sign-in.
 *
 * The client's side (its KE1, and its KE3 with Argon2id at a light setting) runs in the same process between the
 * server's calls and is not counted: the CPU is read (process.cpuUsage, user and system, every thread) just
 * before and after each server call. The server setup is made once and passed as a string on every call, as
 * Tessera does (accounts/opaque.ts).
 *
 * Options:
 *   --logins=400        counted logins per round (after 100 uncounted, the JIT's warm-up)
 *   --rounds=3          rounds; each is printed, so the spread shows
 *   --pin               pin this process to the machine's last core with taskset(1), as `npm run bench --pin`
 *                       pins the servers
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import * as opaque from '@serenity-kit/opaque';
import { positive } from './options.mjs';

const WARMUP_LOGINS = 100;
/** The client's Argon2id, light: it is not measured, and the default (as a browser runs it) would only slow the run. */
const CLIENT_KEY_STRETCHING = { 'argon2id-custom': { iterations: 1, memory: 256, parallelism: 1 } };

const { values: options } = parseArgs({
  options: {
    logins: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '3' },
    pin: { type: 'boolean', default: false },
  },
});
const logins = positive('logins', options.logins);
const rounds = positive('rounds', options.rounds);
if (options.pin) {
  execFileSync('taskset', ['-apc', String(availableParallelism() - 1), String(process.pid)], {
    stdio: 'ignore',
  });
}

await opaque.ready;
const serverSetup = opaque.server.createSetup();
const userIdentifier = 'bench-user@example.com';
const password = 'bench password';
const registrationRecord = register();

/** CPU microseconds this process has used so far (user and system, every thread). */
function cpuMicros() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** A registration record for the bench user, as the server stores it after sign-up (RFC 9807 §6.3). */
function register() {
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({ password });
  const { registrationResponse } = opaque.server.createRegistrationResponse({
    serverSetup,
    userIdentifier,
    registrationRequest,
  });
  return opaque.client.finishRegistration({
    clientRegistrationState,
    registrationResponse,
    password,
    keyStretching: CLIENT_KEY_STRETCHING,
  }).registrationRecord;
}

/**
 * One login; returns the server's CPU microseconds for its start and its finish. Throws when the login fails,
 * so a figure is never of a login that did not happen.
 */
function login() {
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const beforeStart = cpuMicros();
  const { serverLoginState, loginResponse } = opaque.server.startLogin({
    serverSetup,
    userIdentifier,
    registrationRecord,
    startLoginRequest,
  });
  const start = cpuMicros() - beforeStart;
  const finished = opaque.client.finishLogin({
    clientLoginState,
    loginResponse,
    password,
    keyStretching: CLIENT_KEY_STRETCHING,
  });
  if (!finished) throw new Error('the client refused the server’s login response');
  const beforeFinish = cpuMicros();
  const { sessionKey } = opaque.server.finishLogin({
    finishLoginRequest: finished.finishLoginRequest,
    serverLoginState,
  });
  const finish = cpuMicros() - beforeFinish;
  if (sessionKey !== finished.sessionKey) throw new Error('the two sides derived different session keys');
  return { start, finish };
}

for (let index = 0; index < WARMUP_LOGINS; index += 1) login();
console.log(
  `@serenity-kit/opaque server login, ${logins} logins per round (CPU µs per login, server side only)`,
);
for (let round = 1; round <= rounds; round += 1) {
  let start = 0;
  let finish = 0;
  for (let index = 0; index < logins; index += 1) {
    const spent = login();
    start += spent.start;
    finish += spent.finish;
  }
  const perLogin = (total) => (total / logins).toFixed(0);
  console.log(
    `round ${round}: ${perLogin(start + finish)} µs per login (start ${perLogin(start)}, finish ${perLogin(finish)})`,
  );
}
