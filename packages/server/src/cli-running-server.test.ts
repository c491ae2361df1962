import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as opaque from '@serenity-kit/opaque';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './db/data-dir-lock.js';
import { SERVER_ENTRY } from './testing/built-server.js';
import { BATCH_CLIENT_ARGS, CliProcesses, clientCredentialsRequest } from './testing/cli-processes.js';
import { testDatabaseKind } from './testing/database.js';
import { migratedDataDirectory } from './testing/database-templates.js';
import { postJson } from './testing/opaque-client.js';
import type { ServedProcess, ServeSettings } from './testing/served-process.js';
import { freePort, freePortPair } from './testing/server.js';

const cli = new CliProcesses();
afterAll(() => cli.stopAll());

async function installed(adminUrl: string): Promise<boolean> {
  return ((await (await fetch(`${adminUrl}/install`)).json()) as { installed: boolean }).installed;
}

/** Signs in as an admin with OPAQUE; returns the status of the finishing step (200 when the password is right). */
async function adminSignInStatus(adminUrl: string, email: string, password: string): Promise<number> {
  await opaque.ready;
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const start = await postJson(`${adminUrl}/admin/login/start`, {
    email,
    start_login_request: startLoginRequest,
  });
  const finished = opaque.client.finishLogin({
    clientLoginState,
    loginResponse: start.json.login_response as string,
    password,
  });
  if (!finished) return 0;
  const finish = await postJson(`${adminUrl}/admin/login/finish`, {
    login_id: start.json.login_id,
    finish_login_request: finished.finishLoginRequest,
  });
  return finish.status;
}

describe.runIf(testDatabaseKind() === 'embedded')(
  'the tessera command while a server runs on the embedded database',
  () => {
    let dataDir: string;
    const password = 'a long admin password';
    let env: Record<string, string>;
    let publicUrl: string;
    let adminUrl: string;
    let settings: ServeSettings;
    let server: ServedProcess;
    let secret: string;
    let kids: string[];
    let listedThroughServer: string;

    beforeAll(async () => {
      dataDir = await migratedDataDirectory('tessera-running-');
      const [publicPort, adminPort] = await freePortPair();
      publicUrl = `http://127.0.0.1:${publicPort}`;
      adminUrl = `http://127.0.0.1:${adminPort}`;
      env = {
        TESSERA_DATA_DIR: dataDir,
        TESSERA_PUBLIC_PORT: String(publicPort),
        TESSERA_ADMIN_PORT: String(adminPort),
        TESSERA_BASE_URL: publicUrl,
        TESSERA_ADMIN_URL: adminUrl,
      };
      settings = { env: { TESSERA_DATA_DIR: dataDir }, publicPort, adminPort };
      server = await cli.serve(settings);
    }, 200_000);

    it('installs through the server: /install says installed at once and the admin can sign in', async () => {
      // The start-up output names the command as it can be run from here: a checkout has no `tessera` on the PATH.
      expect(server.output).toContain(
        `or run 'node ${relative(process.cwd(), SERVER_ENTRY)} install --admin-email you@example.com'`,
      );
      expect(await installed(adminUrl)).toBe(false);
      const result = await cli.run(['install', '--admin-email', 'root@example.com'], env, `${password}\n`);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(
        `installed: first admin root@example.com (write); sign in at ${adminUrl}/\n`,
      );
      expect(await installed(adminUrl)).toBe(true);
      expect(await adminSignInStatus(adminUrl, 'root@example.com', password)).toBe(200);
      const again = await cli.run(['install', '--admin-email', 'other@example.com'], env, `${password}\n`);
      expect(again.code).toBe(1);
      expect(again.stderr).toBe('tessera: the service is already installed\n');
    }, 120_000);

    it('registers a client whose secret works at /token at once; list and rotate-secret go through the server', async () => {
      const created = await cli.run([...BATCH_CLIENT_ARGS, '--scope', 'jobs'], env);
      expect(created.stderr).toBe('');
      const client = JSON.parse(created.stdout) as { client_id: string; client_secret: string };
      expect(client.client_id).toBe('batch');
      expect((await clientCredentialsRequest(publicUrl, 'batch', client.client_secret)).status).toBe(200);

      const listed = await cli.run(['clients', 'list'], env);
      expect(listed.stdout).toBe('batch\tconfidential\tBatch\tclient_credentials\n');

      const rotated = await cli.run(['clients', 'rotate-secret', 'batch'], env);
      expect(rotated.code).toBe(0);
      secret = (JSON.parse(rotated.stdout) as { client_secret: string }).client_secret;
      expect(secret).not.toBe(client.client_secret);
      const old = await clientCredentialsRequest(publicUrl, 'batch', client.client_secret);
      expect(old.status).toBe(401);
      expect(((await old.json()) as { error: string }).error).toBe('invalid_client');
      expect((await clientCredentialsRequest(publicUrl, 'batch', secret)).status).toBe(200);

      const missing = await cli.run(['clients', 'rotate-secret', 'nope'], env);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toBe("tessera: no client 'nope'\n");
    }, 180_000);

    it('rotates the signing keys in the running server: the new key is in its JWKS', async () => {
      const rotated = await cli.run(['keys', 'rotate', '--alg', 'ES256'], env);
      expect(rotated.stderr).toBe('');
      expect(rotated.stdout).toMatch(/^ES256\s+next\s+\S+ \(becomes current after /m);
      kids = [...rotated.stdout.matchAll(/^\S+\s+\S+\s+(\S+)/gm)].map((match) => match[1]!);
      const jwks = (await (await fetch(`${publicUrl}/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys.map((key) => key.kid).sort()).toEqual([...kids].sort());
    }, 120_000);

    it('rotates the KEK in the running server, which keeps working', async () => {
      const rotated = await cli.run(['kek', 'rotate'], env);
      expect(rotated.stderr).toBe('');
      expect(rotated.stdout).toMatch(
        new RegExp(`^added KEK version 2 to ${join(dataDir, 'kek.json')}$`, 'm'),
      );
      expect(rotated.stdout).toMatch(/^signing_keys\.private_jwk_sealed: 7 re-sealed$/m);
      expect(rotated.stdout).toMatch(/every sealed value is now under KEK version 2\n$/);
      expect((await clientCredentialsRequest(publicUrl, 'batch', secret)).status).toBe(200);
    }, 120_000);

    it('refuses migrate and a second serve with one line and exit status 2', async () => {
      const inUse = `the embedded database in ${join(dataDir, 'db')} is in use by a running Tessera server (pid ${server.pid})`;
      const [migrate, second] = await Promise.all([
        cli.run(['migrate'], env),
        cli.run(['serve'], {
          ...env,
          TESSERA_PUBLIC_PORT: String(await freePort()),
          TESSERA_ADMIN_PORT: '0',
        }),
      ]);
      expect(migrate.code).toBe(2);
      expect(migrate.stderr).toBe(
        `tessera: ${inUse}, which applied every migration when it started; stop it to run 'tessera migrate'\n`,
      );
      expect(second.code).toBe(2);
      expect(second.stdout).toBe('');
      expect(second.stderr.trim().split('\n')).toEqual([
        `tessera: ${inUse}; one process at a time may open an embedded database: stop that server first, or use PostgreSQL (DATABASE_URL) to run several (to copy its data while it runs: 'tessera backup --out FILE')`,
      ]);
      expect(await installed(adminUrl)).toBe(true);
    }, 120_000);

    it('keeps its control socket private (mode 0600)', () => {
      const socket = statSync(join(dataDir, 'control.sock'));
      expect(socket.isSocket()).toBe(true);
      expect(socket.mode & 0o777).toBe(0o600);
    });

    it('starts again after kill -9 on the same directory, with everything written before', async () => {
      await server.crash();
      // The dead server's lock file and socket are still there; neither stops the next start.
      expect(existsSync(join(dataDir, 'db', LOCK_FILE))).toBe(true);
      expect(existsSync(join(dataDir, 'control.sock'))).toBe(true);
      server = await cli.serve(settings);
      expect(await installed(adminUrl)).toBe(true);
      expect(await adminSignInStatus(adminUrl, 'root@example.com', password)).toBe(200);
      expect((await clientCredentialsRequest(publicUrl, 'batch', secret)).status).toBe(200);
      const jwks = (await (await fetch(`${publicUrl}/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining(kids));
      const listed = await cli.run(['clients', 'list'], env);
      expect(listed.code).toBe(0);
      listedThroughServer = listed.stdout;
      expect(listedThroughServer).toBe('batch\tconfidential\tBatch\tclient_credentials\n');
    }, 240_000);

    it('requires DPoP of a client created with --require-dpop, and only then', async () => {
      const args = ['clients', 'create', '--name', 'Api', '--grant', 'client_credentials', '--scope', 'jobs'];
      const bound = await cli.run([...args, '--require-dpop'], env);
      expect(bound.code).toBe(0);
      const boundClient = JSON.parse(bound.stdout);
      expect(boundClient).toMatchObject({ dpop_bound_access_tokens: true, fapi2_profile: false });
      // RFC 9449 §5.2: without a proof, no token.
      const refused = await clientCredentialsRequest(
        publicUrl,
        boundClient.client_id,
        boundClient.client_secret,
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'invalid_dpop_proof' });
      const plain = await cli.run(args, env);
      expect(plain.code).toBe(0);
      const plainClient = JSON.parse(plain.stdout);
      expect(plainClient).toMatchObject({ dpop_bound_access_tokens: false });
      expect(
        (await clientCredentialsRequest(publicUrl, plainClient.client_id, plainClient.client_secret)).status,
      ).toBe(200);
      // The listing the next test compares the stopped server's with now holds these clients too.
      listedThroughServer = (await cli.run(['clients', 'list'], env)).stdout;
      expect(listedThroughServer).toContain('\tApi\tclient_credentials\n');
    }, 120_000);

    it('prints the same when it runs by itself once the server has stopped', async () => {
      server.signal('SIGTERM');
      await server.exited;
      expect(existsSync(join(dataDir, 'db', LOCK_FILE))).toBe(false);
      expect(existsSync(join(dataDir, 'control.sock'))).toBe(false);
      const listed = await cli.run(['clients', 'list'], env);
      expect(listed.stderr).toBe('');
      expect(listed.stdout).toBe(listedThroughServer);
    }, 120_000);

    it('registers a zero-knowledge app (--zk-delivery, --zk-required, --zk-key-scope) as examples/zk-notes does (the command by itself, after the server)', async () => {
      const created = await cli.run(
        [
          'clients',
          'create',
          '--name',
          'Notes',
          '--type',
          'public',
          '--redirect-uri',
          'http://127.0.0.1:5180/callback',
          '--zk-delivery',
          'v2',
          '--zk-required',
        ],
        env,
      );
      expect(created.code).toBe(0);
      expect(JSON.parse(created.stdout)).toMatchObject({
        type: 'public',
        zk_delivery: 'v2',
        zk_required: true,
        zk_key_scope: 'client',
      });
      const refused = await cli.run(['clients', 'create', '--name', 'Bad', '--zk-delivery', 'v3'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe('tessera: --zk-delivery must be one of none, v2, legacy-v1\n');
      const perOrganization = await cli.run(
        [
          'clients',
          'create',
          '--name',
          'Team Notes',
          '--redirect-uri',
          'http://127.0.0.1:5181/callback',
          '--zk-delivery',
          'legacy-v1',
          '--zk-key-scope',
          'organization',
        ],
        env,
      );
      expect(perOrganization.code).toBe(0);
      expect(JSON.parse(perOrganization.stdout)).toMatchObject({
        zk_delivery: 'legacy-v1',
        zk_key_scope: 'organization',
      });
      const unknownScope = await cli.run(
        ['clients', 'create', '--name', 'Bad', '--zk-key-scope', 'user'],
        env,
      );
      expect(unknownScope.code).toBe(1);
      expect(unknownScope.stderr).toBe('tessera: --zk-key-scope must be one of client, organization\n');
    }, 120_000);

    it('registers a FAPI 2.0 client with --fapi2 and its keys, and refuses one without keys', async () => {
      const jwks = JSON.stringify({
        keys: [
          {
            kty: 'EC',
            crv: 'P-256',
            x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
            y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
            kid: 'k1',
          },
        ],
      });
      const args = [
        'clients',
        'create',
        '--name',
        'Bank',
        '--redirect-uri',
        'https://bank.example/cb',
        '--fapi2',
      ];
      const created = await cli.run([...args, '--jwks', jwks], env);
      expect(created.code).toBe(0);
      const output = JSON.parse(created.stdout);
      expect(output).toMatchObject({ token_endpoint_auth_method: 'private_key_jwt', fapi2_profile: true });
      expect(output.client_secret).toBeUndefined();
      const withoutKeys = await cli.run(args, env);
      expect(withoutKeys.code).toBe(1);
      expect(withoutKeys.stderr).toContain('private_key_jwt needs jwks or jwks_uri');
      const withSecret = await cli.run(
        [...args, '--jwks', jwks, '--auth-method', 'client_secret_basic'],
        env,
      );
      expect(withSecret.code).toBe(1);
      expect(withSecret.stderr).toContain('fapi2_profile');
      expect(output).toMatchObject({
        require_pushed_authorization_requests: true,
        dpop_bound_access_tokens: true,
      });
    }, 120_000);

    it('registers a token-exchange client with its policy (--grant token-exchange, --exchange-*)', async () => {
      const args = ['clients', 'create', '--name', 'Orders API', '--grant', 'token-exchange'];
      const created = await cli.run(
        [
          ...args,
          '--exchange-audience',
          'inventory-api',
          '--exchange-audience',
          'https://inventory.example/api',
          '--exchange-scope',
          'inventory:read',
          '--exchange-subject-client',
          'batch',
        ],
        env,
      );
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      expect(JSON.parse(created.stdout)).toMatchObject({
        grant_types: ['urn:ietf:params:oauth:grant-type:token-exchange'],
        token_exchange: {
          audiences: ['inventory-api', 'https://inventory.example/api'],
          scopes: ['inventory:read'],
          subject_clients: ['batch'],
        },
        client_secret: expect.any(String),
      });
      const withoutPolicy = await cli.run(args, env);
      expect(withoutPolicy.code).toBe(1);
      expect(withoutPolicy.stderr).toContain('token_exchange: the token-exchange grant needs a policy');
    }, 120_000);
  },
);
