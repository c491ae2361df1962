import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSession } from '../testing/admin.js';
import { startTwoNodes } from '../testing/nodes.js';
import { registerClient } from '../testing/oauth.js';
import { loginWithPassword, registerWithPassword } from '../testing/opaque-client.js';
import { admin, installAndSignIn } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { webhookEvents } from './tables.js';

/**
 * Webhooks as a receiver sees them (docs/webhooks.md): a real HTTP receiver on loopback verifies every delivery with
 * the `standardwebhooks` library, not with our own code.
 */

interface Received {
  id: string;
  timestamp: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** A webhook receiver on 127.0.0.1 that verifies each request with the standardwebhooks library. */
class Receiver {
  private readonly server: Server;
  /** Deliveries it accepted (2xx), in arrival order. */
  readonly accepted: Received[] = [];
  /** Every request, refused or not, by webhook-id. */
  readonly requests: string[] = [];
  /** Requests that did not verify. */
  readonly unverified: string[] = [];
  /** Answer 503 while down. */
  down = false;
  /** How long each answer waits. */
  delayMs = 0;
  private readonly inFlight = new Map<string, number>();
  /** The most concurrent requests one webhook-id ever had. */
  maxConcurrentPerId = 0;
  secret = '';

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void this.answer(request.headers, Buffer.concat(chunks).toString('utf8')).then((status) => {
          response.writeHead(status).end();
        });
      });
    });
  }

  private async answer(headers: IncomingHttpHeaders, body: string): Promise<number> {
    const id = String(headers['webhook-id']);
    this.requests.push(id);
    const concurrent = (this.inFlight.get(id) ?? 0) + 1;
    this.inFlight.set(id, concurrent);
    this.maxConcurrentPerId = Math.max(this.maxConcurrentPerId, concurrent);
    try {
      if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      let payload: Received['payload'];
      try {
        payload = new Webhook(this.secret).verify(
          body,
          headers as Record<string, string>,
        ) as Received['payload'];
      } catch {
        this.unverified.push(id);
        return 400;
      }
      if (this.down) return 503;
      this.accepted.push({ id, timestamp: String(headers['webhook-timestamp']), body, payload });
      return 204;
    } finally {
      this.inFlight.set(id, (this.inFlight.get(id) ?? 1) - 1);
    }
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The accepted events about one resource (the target's or, without one, the actor's id), in arrival order. */
  about(id: string): string[] {
    return this.accepted
      .filter((event) => {
        const data = event.payload.data as { target: { id: string } | null; actor: { id: string | null } };
        return (data.target?.id ?? data.actor.id) === id;
      })
      .map((event) => event.payload.type);
  }
}

const ALL_TYPES = [
  'user.created',
  'user.updated',
  'user.disabled',
  'user.enabled',
  'user.deleted',
  'client.secret_rotated',
  'user.signed_in',
  'user.sign_in_failed',
];

let server: TestServer;
let writer: AdminSession;
let receiver: Receiver;
let endpointId: string;

const call = (method: string, path: string, body?: unknown) => admin(server, writer, method, path, body);

/** The delivery worker's run as of `secondsLater` from now (so retries come due without waiting). */
const deliver = (secondsLater = 0) =>
  server.context.webhooks.delivery.runOnce(new Date(Date.now() + secondsLater * 1000));

async function createUser(email: string): Promise<string> {
  const created = await call('POST', '/admin/users', { email, name: 'Someone' });
  expect(created.status).toBe(201);
  return created.json.id as string;
}

async function deliveries(id = endpointId) {
  const answer = await call('GET', `/admin/webhooks/${id}/deliveries?limit=200`);
  expect(answer.status).toBe(200);
  return answer.json.deliveries as {
    id: string;
    type: string;
    status: string;
    payload: string;
    attempts: { statusCode: number | null; error: string | null }[];
  }[];
}

beforeAll(async () => {
  receiver = new Receiver();
  const url = await receiver.listen();
  server = await startTestServer({ env: { TESSERA_OUTBOUND_ALLOW_LOOPBACK: 'true' } });
  writer = await installAndSignIn(server);
  const created = await call('POST', '/admin/webhooks', {
    url,
    description: 'directory sync',
    eventTypes: ALL_TYPES,
  });
  expect(created.status).toBe(201);
  endpointId = (created.json.endpoint as { id: string }).id;
  receiver.secret = created.json.secret as string;
});

beforeEach(async () => {
  // Each test starts with nothing due.
  await deliver(365 * 24 * 3600);
  receiver.accepted.length = 0;
  receiver.requests.length = 0;
  receiver.down = false;
  receiver.delayMs = 0;
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('endpoints', () => {
  it('shows the Standard Webhooks secret once, and never again', async () => {
    expect(receiver.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(receiver.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const listed = await call('GET', '/admin/webhooks');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.json)).not.toContain(receiver.secret.slice(6));
    const one = await call('GET', `/admin/webhooks/${endpointId}`);
    expect(one.json).toMatchObject({ id: endpointId, description: 'directory sync', enabled: true });
    expect(JSON.stringify(one.json)).not.toContain(receiver.secret.slice(6));
  });

  it('refuses unknown event types and URLs with credentials', async () => {
    const unknown = await call('POST', '/admin/webhooks', {
      url: 'https://hooks.example.com/',
      eventTypes: ['user.exploded'],
    });
    expect(unknown).toMatchObject({ status: 400, json: { error: 'unknown_event_type' } });
    const credentials = await call('POST', '/admin/webhooks', {
      url: 'https://user:pass@hooks.example.com/',
      eventTypes: ['user.created'],
    });
    expect(credentials).toMatchObject({ status: 400, json: { error: 'webhook_url_invalid' } });
  });
});

describe('delivery', () => {
  it('delivers each committed change, signed, verified by the standardwebhooks library', async () => {
    const userId = await createUser('ada@example.com');
    expect((await call('PUT', `/admin/users/${userId}`, { name: 'Ada L' })).status).toBe(200);
    expect((await call('POST', `/admin/users/${userId}/disable`)).status).toBe(200);

    const run = await deliver();
    expect(run).toMatchObject({ attempted: 3, delivered: 3 });
    expect(receiver.unverified).toEqual([]);
    expect(receiver.about(userId)).toEqual(['user.created', 'user.updated', 'user.disabled']);
    const created = receiver.accepted.find((event) => event.payload.type === 'user.created')!;
    expect(created.payload.data).toMatchObject({
      target: { type: 'user', id: userId },
      actor: { type: 'admin', id: writer.id },
    });
    // Nothing left: a second run sends nothing again.
    expect(await deliver()).toMatchObject({ attempted: 0 });
    expect((await deliveries()).filter((d) => d.status !== 'delivered')).toEqual([]);
  });

  it('sends no event for a change whose transaction fails, even after the event was written', async () => {
    // Refused at COMMIT, after the change, its audit entry and its outbox row were all written.
    await server.database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_marked_entry() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.details::text LIKE '%refused-at-commit%' THEN RAISE EXCEPTION 'refused by the test'; END IF;
          RETURN NEW;
        END $$`),
    );
    await server.database.db.execute(
      sql.raw(`CREATE CONSTRAINT TRIGGER refuse_marked_entry AFTER INSERT ON audit_events
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_marked_entry()`),
    );
    try {
      const refused = await call('POST', '/admin/users', { email: 'refused-at-commit@example.com' });
      expect(refused.status).toBe(500);
      expect(await server.context.accounts.users.findByEmail('refused-at-commit@example.com')).toBeNull();
      const accepted = await createUser('kept@example.com');
      await deliver();
      expect(receiver.accepted.map((event) => event.body).join()).not.toContain('refused-at-commit');
      expect(receiver.about(accepted)).toEqual(['user.created']);
      const [written] = await server.database.db
        .select({ events: count() })
        .from(webhookEvents)
        .where(like(webhookEvents.body, '%refused-at-commit%'));
      expect(written?.events).toBe(0);
    } finally {
      await server.database.db.execute(sql.raw('DROP TRIGGER refuse_marked_entry ON audit_events'));
      await server.database.db.execute(sql.raw('DROP FUNCTION refuse_marked_entry()'));
    }
  });

  it('a receiver that was down gets every event once it is back, in order per resource', async () => {
    receiver.down = true;
    const first = await createUser('grace@example.com');
    const second = await createUser('alan@example.com');
    expect((await call('PUT', `/admin/users/${first}`, { name: 'Grace H' })).status).toBe(200);
    expect((await call('POST', `/admin/users/${second}/disable`)).status).toBe(200);
    expect((await call('POST', `/admin/users/${first}/disable`)).status).toBe(200);
    expect((await call('POST', `/admin/users/${first}/enable`)).status).toBe(200);

    // Down: the first event of each user is tried and refused; the later ones wait behind it.
    expect(await deliver()).toMatchObject({ attempted: 2, delivered: 0 });
    expect(await deliver(60)).toMatchObject({ attempted: 2, delivered: 0 });
    const waiting = await deliveries();
    const ours = waiting.filter((d) => d.payload.includes(first) || d.payload.includes(second));
    expect(ours).toHaveLength(6);
    const tried = ours.filter((d) => d.attempts.length > 0);
    expect(tried.map((d) => d.type)).toEqual(['user.created', 'user.created']);
    for (const delivery of tried) {
      expect(delivery.status).toBe('pending');
      expect(delivery.attempts.map((a) => a.statusCode)).toEqual([503, 503]);
    }

    receiver.down = false;
    // Back, after the third attempt's delay (5 min).
    await deliver(400);
    expect(receiver.about(first)).toEqual(['user.created', 'user.updated', 'user.disabled', 'user.enabled']);
    expect(receiver.about(second)).toEqual(['user.created', 'user.disabled']);
    const ids = receiver.accepted.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The refused attempts carried the same webhook-id as the one accepted (receivers deduplicate by it).
    for (const delivery of tried) expect(ids).toContain(delivery.id);
  });

  it('marks an event failed when the retries run out, and an admin may redeliver it', async () => {
    receiver.down = true;
    const userId = await createUser('edsger@example.com');
    let later = 0;
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await deliver(later);
      later += 11 * 3600;
    }
    const [failed] = (await deliveries()).filter(
      (d) => d.type === 'user.created' && d.status !== 'delivered',
    );
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.attempts).toHaveLength(8);
    expect(await deliver(later)).toMatchObject({ attempted: 0 });

    receiver.down = false;
    const again = await call('POST', `/admin/webhooks/${endpointId}/deliveries/${failed!.id}/redeliver`);
    expect(again.status).toBe(202);
    const pending = await call('POST', `/admin/webhooks/${endpointId}/deliveries/${failed!.id}/redeliver`);
    expect(pending).toMatchObject({ status: 409, json: { error: 'delivery_pending' } });
    await deliver();
    expect(receiver.about(userId)).toEqual(['user.created']);
    expect(receiver.accepted[0]!.id).toBe(failed!.id);
  });

  it('two workers at once never send one event twice', async () => {
    receiver.delayMs = 150;
    const users: string[] = [];
    for (let index = 0; index < 6; index += 1) users.push(await createUser(`turing${index}@example.com`));
    const delivery = server.context.webhooks.delivery;
    const runs = await Promise.all([delivery.runOnce(), delivery.runOnce(), delivery.runOnce()]);
    expect(runs.reduce((sum, run) => sum + run.attempted, 0)).toBe(6);
    expect(receiver.requests).toHaveLength(6);
    expect(new Set(receiver.requests).size).toBe(6);
    expect(receiver.maxConcurrentPerId).toBe(1);
    for (const userId of users) expect(receiver.about(userId)).toEqual(['user.created']);
  });
});

describe('retention', () => {
  it('deletes finished events older than webhooks.retention_hours, never pending ones', async () => {
    const delivered = await createUser('barbara@example.com');
    await deliver();
    receiver.down = true;
    const waiting = await createUser('frances@example.com');
    await deliver();
    const listed = async () =>
      (await deliveries()).map((delivery) => JSON.parse(delivery.payload).data.target?.id);
    expect(await listed()).toEqual(expect.arrayContaining([delivered, waiting]));

    // 29 days on: kept.
    expect((await deliver(29 * 86_400)).purged).toBe(0);
    expect(await listed()).toContain(delivered);
    // 31 days on: the delivered one goes; the one still retrying stays.
    expect((await deliver(31 * 86_400)).purged).toBeGreaterThan(0);
    expect(await listed()).not.toContain(delivered);
    expect(await listed()).toContain(waiting);
  });
});

describe('sign-ins', () => {
  it('a sign-in, written with its session in one statement, is an event too', async () => {
    await server.context.settings.set('accounts.self_registration', true);
    const password = 'kay password one';
    expect((await registerWithPassword(server, 'kay@example.com', password)).status).toBe(200);
    const user = await server.context.accounts.users.findByEmail('kay@example.com');
    await server.context.accounts.users.markEmailVerified(user!.id, 'kay@example.com');
    expect((await loginWithPassword(server, 'kay@example.com', password)).finish?.status).toBe(200);

    await deliver();
    expect(receiver.unverified).toEqual([]);
    expect(receiver.about(user!.id)).toEqual(['user.signed_in']);
    const [signedIn] = receiver.accepted;
    expect(signedIn!.payload.data).toMatchObject({ target: null, actor: { type: 'user', id: user!.id } });
    // No IP address or user agent leaves with an event.
    expect(signedIn!.body).not.toContain('127.0.0.1');
  });

  it('its event is part of the session statement: one per subscribed endpoint, none if the statement fails', async () => {
    await server.context.settings.set('accounts.self_registration', true);
    const password = 'lou password one';
    expect((await registerWithPassword(server, 'lou@example.com', password)).status).toBe(200);
    const user = await server.context.accounts.users.findByEmail('lou@example.com');
    await server.context.accounts.users.markEmailVerified(user!.id, 'lou@example.com');
    const endpoint = async (eventTypes: string[], enabled = true) => {
      const created = await call('POST', '/admin/webhooks', {
        url: 'https://hooks.example.com/',
        eventTypes,
        enabled,
      });
      expect(created.status).toBe(201);
      return (created.json.endpoint as { id: string }).id;
    };
    // Beside the endpoint of every type: one of sign-ins alone, a disabled one, and one of another type.
    const added = [
      await endpoint(['user.signed_in']),
      await endpoint(['user.signed_in'], false),
      await endpoint(['user.created']),
    ];
    const signInEvents = async () =>
      (
        await server.database.db
          .select({ endpointId: webhookEvents.endpointId })
          .from(webhookEvents)
          .where(
            and(eq(webhookEvents.orderingKey, `user:${user!.id}`), eq(webhookEvents.type, 'user.signed_in')),
          )
      )
        .map((row) => row.endpointId)
        .sort();
    const entries = () =>
      server.context.audit.list({ action: 'user.sign_in', actor: user!.id, outcome: 'success' }, 10);
    try {
      // The outbox refuses the row: the session, its entry and every event are one statement, none is written.
      await server.database.db.execute(
        sql.raw(
          "CREATE FUNCTION refuse_outbox_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox refused'; END $$",
        ),
      );
      await server.database.db.execute(
        sql.raw(
          'CREATE TRIGGER refuse_outbox_row BEFORE INSERT ON webhook_events FOR EACH ROW EXECUTE FUNCTION refuse_outbox_row()',
        ),
      );
      const refused = await loginWithPassword(server, 'lou@example.com', password);
      expect(refused.finish?.status).toBe(500);
      expect(refused.cookie).toBeNull();
      expect(await entries()).toEqual([]);
      expect(await signInEvents()).toEqual([]);
      await server.database.db.execute(sql.raw('DROP TRIGGER refuse_outbox_row ON webhook_events'));

      const signedIn = await loginWithPassword(server, 'lou@example.com', password);
      expect(signedIn.finish?.status).toBe(200);
      expect(await entries()).toHaveLength(1);
      expect(await signInEvents()).toEqual([endpointId, added[0]].sort());
    } finally {
      await server.database.db.execute(sql.raw('DROP TRIGGER IF EXISTS refuse_outbox_row ON webhook_events'));
      for (const id of added) expect((await call('DELETE', `/admin/webhooks/${id}`)).status).toBe(204);
    }
  });
});

describe('secrets', () => {
  it('never appear in payloads or the audit log', async () => {
    const { clientId } = await registerClient(server);
    const rotated = await call('POST', `/admin/clients/${clientId}/secret`);
    expect(rotated.status).toBe(200);
    const clientSecret = rotated.json.client_secret as string;
    const webhookRotation = await call('POST', `/admin/webhooks/${endpointId}/rotate-secret`);
    expect(webhookRotation.status).toBe(200);
    const oldSecret = receiver.secret;
    const newSecret = webhookRotation.json.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    receiver.secret = newSecret;

    await deliver();
    expect(receiver.unverified).toEqual([]);
    const event = receiver.accepted.find((received) => received.payload.type === 'client.secret_rotated');
    expect(event?.payload.data).toMatchObject({ target: { type: 'client', id: clientId } });

    const everything = [
      ...receiver.accepted.map((received) => received.body),
      ...(await deliveries()).map((delivery) => delivery.payload),
      JSON.stringify(await server.context.audit.list({}, 1000)),
    ].join('\n');
    for (const secret of [clientSecret, oldSecret.slice(6), newSecret.slice(6)]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('two nodes of one deployment', () => {
  it('never send one event twice, each running its delivery worker at once', async () => {
    const nodes = await startTwoNodes({ env: { TESSERA_OUTBOUND_ALLOW_LOOPBACK: 'true' } });
    const shared = new Receiver();
    try {
      const url = await shared.listen();
      const session = await installAndSignIn(nodes.nodeA);
      const created = await admin(nodes.nodeA, session, 'POST', '/admin/webhooks', {
        url,
        eventTypes: ['user.created'],
      });
      expect(created.status).toBe(201);
      shared.secret = created.json.secret as string;
      shared.delayMs = 150;
      const users: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        // Half the changes on each node: either node's worker delivers any node's events.
        const node = index % 2 === 0 ? nodes.nodeA : nodes.nodeB;
        const made = await node.context.accounts.lifecycle.create(
          { email: `lovelace${index}@example.com` },
          { actor: { type: 'system' } },
        );
        users.push(made.id);
      }
      const runs = await Promise.all([
        nodes.nodeA.context.webhooks.delivery.runOnce(),
        nodes.nodeB.context.webhooks.delivery.runOnce(),
        nodes.nodeA.context.webhooks.delivery.runOnce(),
        nodes.nodeB.context.webhooks.delivery.runOnce(),
      ]);
      expect(runs.reduce((sum, run) => sum + run.attempted, 0)).toBe(6);
      expect(shared.requests).toHaveLength(6);
      expect(new Set(shared.requests).size).toBe(6);
      expect(shared.maxConcurrentPerId).toBe(1);
      for (const userId of users) expect(shared.about(userId)).toEqual(['user.created']);
    } finally {
      await shared.close();
      await nodes.close();
    }
  });
});
