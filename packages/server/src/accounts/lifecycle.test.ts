import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequiredHook } from '../app/required-hook.js';
import { codeFlowTokens, introspection, refreshGrant } from '../testing/code-flow.js';
import {
  type RegisteredClient,
  registerClient,
  type SignedIn,
  sessionCookieValue,
  signInUser,
} from '../testing/oauth.js';
import { passwordRegistration } from '../testing/opaque-client.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { SmtpCapture } from '../testing/smtp.js';
import type { ChangedBy } from './lifecycle.js';

let server: TestServer;
const smtp = new SmtpCapture();
let client: RegisteredClient;
/** SCIM will call the lifecycle as itself; the system stands in for any non-admin caller here. */
const bySystem: ChangedBy = { actor: { type: 'system' } };

/** Makes the next grant revocation fail, to show a change and its audit entry roll back together. */
let failNextRevocation = false;

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer();
  await smtp.configure(server);
  client = await registerClient(server);
  server.context.accounts.lifecycle.accessEnded.handle(async () => {
    if (!failNextRevocation) return;
    failNextRevocation = false;
    throw new Error('revocation failed');
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

/** Tokens for the signed-in user through the code flow, as a relying party gets them. */
const tokensFor = (signedIn: SignedIn) => codeFlowTokens(server, signedIn, client);
const refresh = (refreshToken: string) => refreshGrant(server, client, refreshToken);
const introspect = (token: string) => introspection(server, client, token);

/** The live session behind the signed-in browser's cookie, or null once it has ended. */
const sessionOf = (signedIn: SignedIn) =>
  server.context.accounts.sessions.resolve(sessionCookieValue(signedIn.cookie));

async function auditEntries(action: string, userId: string) {
  return server.context.audit.list({ action, target: userId }, 10);
}

describe('disable and enable', () => {
  it('disabling ends the sessions and revokes every grant, audited with the given actor', async () => {
    const signedIn = await signInUser(server);
    const tokens = await tokensFor(signedIn);
    const disabled = await server.context.accounts.lifecycle.disable(signedIn.user.id, bySystem);
    expect(disabled.status).toBe('disabled');
    expect(await sessionOf(signedIn)).toBeNull();
    expect((await refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
    expect(await introspect(tokens.access_token)).toEqual({ active: false });
    const [entry] = await auditEntries('user.disabled', signedIn.user.id);
    expect(entry).toMatchObject({ actorType: 'system', targetType: 'user', outcome: 'success' });

    // Enabling lets the account sign in again; what was revoked stays revoked.
    const enabled = await server.context.accounts.lifecycle.enable(signedIn.user.id, bySystem);
    expect(enabled.status).toBe('active');
    expect((await refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
    expect(await auditEntries('user.enabled', signedIn.user.id)).toHaveLength(1);
  });

  it('a disable whose revocation fails changes nothing: no status, no ended session, no audit entry', async () => {
    const signedIn = await signInUser(server);
    const tokens = await tokensFor(signedIn);
    failNextRevocation = true;
    await expect(server.context.accounts.lifecycle.disable(signedIn.user.id, bySystem)).rejects.toThrow(
      'revocation failed',
    );
    expect((await server.context.accounts.users.find(signedIn.user.id))?.status).toBe('active');
    expect(await sessionOf(signedIn)).not.toBeNull();
    expect(await introspect(tokens.refresh_token)).toMatchObject({ active: true });
    expect(await auditEntries('user.disabled', signedIn.user.id)).toEqual([]);
  });

  it('refuses an unknown account with 404', async () => {
    await expect(server.context.accounts.lifecycle.disable('no-such-user', bySystem)).rejects.toMatchObject({
      statusCode: 404,
      code: 'not_found',
    });
  });
});

describe('password reset through an emailed link', () => {
  it('an admin (any actor) sends the link: it arrives, works, and the sending is audited', async () => {
    const { user } = await signInUser(server);
    await server.context.accounts.lifecycle.sendPasswordReset(user.id, bySystem);
    const token = smtp.lastToken(user.email, 'reset-password');
    expect(token).toBeTruthy();
    expect(await server.context.accounts.emailTokens.peek(token!, 'password_reset')).toEqual({
      userId: user.id,
      email: user.email,
    });
    const [entry] = await auditEntries('user.password_reset_sent', user.id);
    expect(entry).toMatchObject({ actorType: 'system', outcome: 'success' });
  });

  it('sends nothing for an unknown account (404)', async () => {
    const sent = smtp.messages.length;
    await expect(
      server.context.accounts.lifecycle.sendPasswordReset('no-such-user', bySystem),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(smtp.messages.length).toBe(sent);
  });

  it('ends every session and grant of the account', async () => {
    const signedIn = await signInUser(server);
    const tokens = await tokensFor(signedIn);
    const { id, email } = signedIn.user;
    const token = await server.context.accounts.emailTokens.issue(id, 'password_reset', email);
    await server.context.accounts.lifecycle.completePasswordReset(
      token,
      await passwordRegistration(server, signedIn.user, 'a new password 1', 'password_reset'),
    );
    expect(await sessionOf(signedIn)).toBeNull();
    expect((await refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
    expect(await introspect(tokens.access_token)).toEqual({ active: false });
  });

  it('a password an admin sets ends every session and grant of the account too', async () => {
    const signedIn = await signInUser(server);
    const tokens = await tokensFor(signedIn);
    await server.context.accounts.lifecycle.setPassword(
      signedIn.user.id,
      await passwordRegistration(server, signedIn.user, 'an admin-set password', 'admin_set'),
      bySystem,
    );
    expect(await sessionOf(signedIn)).toBeNull();
    expect((await refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
    expect(await introspect(tokens.access_token)).toEqual({ active: false });
  });

  it('a registration for another account is refused and leaves the link usable (one transaction)', async () => {
    const victim = await signInUser(server);
    const other = await signInUser(server);
    const token = await server.context.accounts.emailTokens.issue(
      victim.user.id,
      'password_reset',
      victim.user.email,
    );
    await expect(
      server.context.accounts.lifecycle.completePasswordReset(
        token,
        await passwordRegistration(server, other.user, 'a new password 2', 'password_reset'),
      ),
    ).rejects.toMatchObject({ statusCode: 400, code: 'invalid_token' });
    expect(await sessionOf(victim)).not.toBeNull();
    expect(await server.context.accounts.emailTokens.peek(token, 'password_reset')).not.toBeNull();
  });
});

describe('the context', () => {
  it('holds no database handle and no OAuth store: handlers go through services', () => {
    expect(Object.keys(server.context)).not.toContain('database');
    expect(Object.keys(server.context.oauth)).not.toContain('store');
  });
});

describe('RequiredHook', () => {
  it('fails a change that nothing handles instead of skipping what it must end', async () => {
    const hook = new RequiredHook<[string]>('the test event');
    await expect(hook.run('x')).rejects.toThrow('nothing handles the test event');
    const seen: string[] = [];
    hook.handle(async (value) => {
      seen.push(value);
    });
    await hook.run('y');
    expect(seen).toEqual(['y']);
  });
});
