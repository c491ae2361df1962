/**
 * The protocol operations of the count-based scripts (bench/capacity.mjs, bench/scale-data.mjs), each as a phase of
 * a fixed number of operations, a few at a time, every answer checked as in the load bench: what is counted around
 * a phase (statements, buffers, WAL) is then per operation, whatever the machine's load.
 */
import { pause, readCounters } from './nodes.mjs';

/**
 * @typedef {object} Phase
 * @property {string} name
 * @property {number} count operations in the phase (per-operation figures divide by it)
 * @property {string} unit what one operation is
 * @property {() => Promise<unknown>} run
 * @property {() => Promise<unknown>} [before] preparation, outside the counted window
 */

/** Refresh chains; each is refreshed operations / CHAINS times in turn. */
const CHAINS = 10;

/**
 * Runs `task` `count` times, `concurrency` at a time; any failure fails the run.
 * @param {number} count
 * @param {number} concurrency
 * @param {(index: number) => Promise<import('./flow-load.mjs').Outcome | void>} task
 */
export async function repeat(count, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const outcome = await task(next++);
        if (outcome && !outcome.ok) throw new Error(outcome.problem);
      }
    }),
  );
}

/**
 * `count` refreshes over `chains`, one per chain at a time (a chain's next token is the answer to its previous
 * refresh); any failure fails the run.
 * @param {import('./flows.mjs').Flows} flows
 * @param {import('./http-client.mjs').HttpClient} http
 * @param {import('./flows.mjs').Chain[]} chains
 * @param {number} count
 */
export async function refreshInTurn(flows, http, chains, count) {
  let next = 0;
  await Promise.all(
    chains.map(async (chain) => {
      while (next < count) {
        next += 1;
        const outcome = await flows.refresh(http, chain);
        if (!outcome.ok) throw new Error(outcome.problem);
      }
    }),
  );
}

/**
 * Waits until the node's statement count stops moving (follow-up work of the last answers), at most 3 s.
 * @param {string} probeUrl
 */
export async function settle(probeUrl) {
  const total = async () =>
    Object.values((await readCounters(probeUrl)).statements).reduce((sum, value) => sum + value, 0);
  let previous = await total();
  for (let attempt = 0; attempt < 15; attempt++) {
    await pause(200);
    const current = await total();
    if (current === previous) return;
    previous = current;
  }
}

/**
 * The protocol phases on one node, in an order where each finds what it needs: client credentials, introspection,
 * userinfo, authorize_signed_in (mints the codes code_exchange uses; code_exchange mints its own, outside its
 * count, when run without it), code_exchange, refresh (its chains opened before the count) and sign_in.
 * @param {{ ready: import('./nodes.mjs').TesseraNode['ready'], http: import('./http-client.mjs').HttpClient,
 *   flows: import('./flows.mjs').Flows, operations: number, signIns: number, concurrency: number }} options
 * @returns {Promise<Phase[]>}
 */
export async function protocolPhases({ ready, http, flows, operations, signIns, concurrency }) {
  /** @type {any} */
  const discovery = await (await fetch(`${ready.publicUrl}/.well-known/openid-configuration`)).json();
  const clientAuth = `Basic ${Buffer.from(`${encodeURIComponent(ready.clientId)}:${encodeURIComponent(ready.clientSecret)}`).toString('base64')}`;
  const form = { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' };

  /**
   * One POST/GET whose answer must be 200 with `check` passing.
   * @param {string} url
   * @param {{ method?: string, headers?: Record<string, string>, body?: string }} init
   * @param {(body: any) => boolean} check
   * @param {string} what
   */
  const expectOk = async (url, init, check, what) => {
    const answer = await http.send(url, init);
    if (answer.status !== 200 || !check(JSON.parse(answer.body)))
      throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
  };
  const clientCredentials = () =>
    expectOk(
      discovery.token_endpoint,
      { method: 'POST', headers: form, body: 'grant_type=client_credentials&scope=api' },
      (body) => typeof body.access_token === 'string',
      'client credentials',
    );
  const introspectedToken = await (async () => {
    const answer = await http.send(discovery.token_endpoint, {
      method: 'POST',
      headers: form,
      body: 'grant_type=client_credentials&scope=api',
    });
    return JSON.parse(answer.body).access_token;
  })();
  /** @type {import('./flows.mjs').MintedCode[]} */
  let codes = [];
  /** @type {import('./flows.mjs').Chain[]} */
  let chains = [];
  return [
    {
      name: 'client_credentials',
      count: operations,
      unit: 'token',
      run: () => repeat(operations, concurrency, clientCredentials),
    },
    {
      name: 'introspection',
      count: operations,
      unit: 'request',
      run: () =>
        repeat(operations, concurrency, () =>
          expectOk(
            discovery.introspection_endpoint,
            {
              method: 'POST',
              headers: form,
              body: new URLSearchParams({ token: introspectedToken }).toString(),
            },
            (body) => body.active === true,
            'introspection',
          ),
        ),
    },
    {
      name: 'userinfo',
      count: operations,
      unit: 'request',
      run: () =>
        repeat(operations, concurrency, () =>
          expectOk(
            discovery.userinfo_endpoint,
            { headers: { authorization: `Bearer ${ready.userAccessToken}` } },
            (body) => typeof body.sub === 'string',
            'userinfo',
          ),
        ),
    },
    {
      name: 'authorize_signed_in',
      count: operations,
      unit: 'code (signed-in browser, consent remembered)',
      run: async () => {
        codes = await flows.mintCodes(http, operations);
      },
    },
    {
      name: 'code_exchange',
      count: operations,
      unit: 'exchange',
      before: async () => {
        if (codes.length < operations) codes = await flows.mintCodes(http, operations);
      },
      run: async () => {
        await repeat(operations, concurrency, (index) => flows.exchange(http, codes[index]));
        codes = [];
      },
    },
    {
      name: 'refresh',
      count: operations,
      unit: 'refresh (rotation, reuse detection)',
      before: async () => {
        chains = await flows.openChains(http, CHAINS);
      },
      run: () => refreshInTurn(flows, http, chains, operations),
    },
    {
      name: 'sign_in',
      count: signIns,
      unit: 'sign-in (authorize, OPAQUE approving the request, code exchange)',
      run: () =>
        repeat(signIns, concurrency, (index) => flows.signIn(http, flows.users[index % flows.users.length])),
    },
  ];
}
