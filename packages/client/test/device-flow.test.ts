/**
 * DeviceClient (RFC 8628) against a real Tessera: a public and a confidential device client start a device
 * authorization and poll while a signed-in browser enters the user code and approves (or denies) on the hosted UI's
 * consent page, through the same calls the page makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CODE_GRANT_TYPE } from '../../server/src/protocol/oauth/vocabulary.js';
import { decideDevice } from '../../server/src/testing/device-flow.js';
import { registerClient, type SignedIn, signInUser } from '../../server/src/testing/oauth.js';
import { startTestServer, type TestServer } from '../../server/src/testing/server.js';
import { DeviceClient } from '../src/server.js';

const SCOPES = [
  { scope: 'openid', description: '' },
  { scope: 'email', description: '' },
  { scope: 'offline_access', description: '' },
];

let server: TestServer;
let user: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  // The devices poll every second rather than every five: the test waits less, nothing else changes.
  await server.context.settings.set('device.poll_interval_seconds', 1);
  user = await signInUser(server, { email: 'viewer@example.com' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('DeviceClient', () => {
  it('a public client shows the code, polls, and gets verified tokens once the user approves', async () => {
    const tv = await registerClient(server, {
      type: 'public',
      redirect_uris: [],
      grant_types: [DEVICE_CODE_GRANT_TYPE, 'refresh_token'],
      scopes: SCOPES,
    });
    const device = await DeviceClient.create({ issuer: server.config.baseUrl, clientId: tv.clientId });
    const authorization = await device.startDeviceAuthorization({ scopes: ['email', 'offline_access'] });
    expect(authorization.userCode).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(authorization.verificationUri).toBe(`${server.config.baseUrl}/ui/device`);
    expect(authorization.verificationUriComplete).toContain(authorization.userCode);
    const polled = device.pollDeviceAuthorization(authorization);
    // The user takes a couple of polls' time to approve.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await decideDevice(server, user, authorization.userCode, 'approve');
    const { tokens, claims } = await polled;
    expect(claims).toMatchObject({ sub: user.user.id, email: 'viewer@example.com', aud: tv.clientId });
    expect(tokens.scope).toBe('openid email offline_access');
    expect(tokens.refreshToken).toEqual(expect.any(String));
  });

  it('a confidential client hears the denial as oauth_error access_denied', async () => {
    const gameConsole = await registerClient(server, {
      redirect_uris: [],
      grant_types: [DEVICE_CODE_GRANT_TYPE],
      scopes: SCOPES,
    });
    const device = await DeviceClient.create({
      issuer: server.config.baseUrl,
      clientId: gameConsole.clientId,
      clientSecret: gameConsole.clientSecret!,
    });
    const authorization = await device.startDeviceAuthorization();
    const polled = device.pollDeviceAuthorization(authorization);
    await decideDevice(server, user, authorization.userCode, 'deny');
    await expect(polled).rejects.toMatchObject({ code: 'oauth_error', oauthError: 'access_denied' });
  });

  it('a wrong secret is refused at the start, typed; a client without the grant is unauthorized_client', async () => {
    const registered = await registerClient(server, {
      redirect_uris: [],
      grant_types: [DEVICE_CODE_GRANT_TYPE],
      scopes: SCOPES,
    });
    const wrong = await DeviceClient.create({
      issuer: server.config.baseUrl,
      clientId: registered.clientId,
      clientSecret: 'not-the-secret',
    });
    await expect(wrong.startDeviceAuthorization()).rejects.toMatchObject({
      code: 'oauth_error',
      oauthError: 'invalid_client',
    });
    const codeOnly = await registerClient(server, { scopes: SCOPES });
    const notAllowed = await DeviceClient.create({
      issuer: server.config.baseUrl,
      clientId: codeOnly.clientId,
      clientSecret: codeOnly.clientSecret!,
    });
    await expect(notAllowed.startDeviceAuthorization()).rejects.toMatchObject({
      code: 'oauth_error',
      oauthError: 'unauthorized_client',
    });
  });

  it('stops polling when the app aborts', async () => {
    const tv = await registerClient(server, {
      type: 'public',
      redirect_uris: [],
      grant_types: [DEVICE_CODE_GRANT_TYPE],
      scopes: SCOPES,
    });
    const device = await DeviceClient.create({ issuer: server.config.baseUrl, clientId: tv.clientId });
    const authorization = await device.startDeviceAuthorization();
    const controller = new AbortController();
    const polled = device.pollDeviceAuthorization(authorization, { signal: controller.signal });
    controller.abort(new Error('the user went back'));
    await expect(polled).rejects.toThrow('the user went back');
  });
});
