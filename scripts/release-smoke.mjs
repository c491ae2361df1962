// Checks a release tarball as an operator would use it, away from this checkout and its node_modules:
// unpacks it into a temporary directory, runs every subcommand's --help, starts `bin/tessera serve` in production
// mode on an embedded database with the KEK from the environment, registers a client through the running server,
// has a client-credentials access token issued and checks its signature against the JWKS, stops the server with
// SIGTERM (exit 0), checks the unpacked tree was not written to, and installs the tarball with `npm install -g`.
//
// Usage: node scripts/release-smoke.mjs tessera-<version>.tgz [--node /path/to/node]
// The Node.js running the release is --node (default: the one running this script).
import { execFileSync, spawn } from 'node:child_process';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { node: { type: 'string', default: process.execPath } },
});
if (positionals.length !== 1) throw new Error('usage: release-smoke.mjs tessera-<version>.tgz [--node PATH]');
const tarball = resolve(positionals[0]);
const node = resolve(values.node);
const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

const work = mkdtempSync(join(tmpdir(), 'tessera-smoke-'));
const log = (line) => process.stdout.write(`[release-smoke ${nodeVersion}] ${line}\n`);
// Only Node.js and the system's tools: no npm-installed binaries of this checkout on the PATH.
const env = { PATH: `${dirname(node)}:/usr/local/bin:/usr/bin:/bin`, HOME: work, LANG: 'C.UTF-8' };

function check(condition, message) {
  if (!condition) throw new Error(message);
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

function listTree(directory) {
  const out = [];
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(`${full} ${statSync(full).size} ${statSync(full).mtimeMs}`);
    }
  };
  walk(directory);
  return out.sort().join('\n');
}

function tessera(home, args, extraEnv = {}) {
  return execFileSync(node, [join(home, 'bin/tessera'), ...args], {
    cwd: work,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

let server;
try {
  execFileSync('tar', ['-xzf', tarball, '-C', work]);
  const [name] = readdirSync(work).filter((entry) => entry.startsWith('tessera-'));
  check(name, 'the tarball holds no tessera-<version> directory');
  const home = join(work, name);
  const release = JSON.parse(readFileSync(join(home, 'package.json'), 'utf8'));
  check(`tessera-${release.version}` === name, `directory ${name} is not tessera-${release.version}`);
  check(
    tessera(home, ['--version']) === `${release.version}\n`,
    'tessera --version is not the release version',
  );
  // Every command `tessera --help` lists, and each group's subcommands ('clients create|list|rotate-secret').
  const usage = tessera(home, ['--help']);
  const commands = usage.slice(usage.indexOf('Commands:'), usage.indexOf('\n\n', usage.indexOf('Commands:')));
  const helps = [[]];
  for (const line of commands.split('\n')) {
    const [command, second] = line.trim().split(/\s+/);
    if (!/^[a-z][a-z-]*$/.test(command ?? '')) continue;
    helps.push([command]);
    if (/^[a-z][a-z|-]*$/.test(second ?? '')) for (const sub of second.split('|')) helps.push([command, sub]);
  }
  for (const needed of ['serve', 'migrate', 'install', 'clients create', 'keys rotate', 'kek rotate']) {
    check(
      helps.some((command) => command.join(' ') === needed),
      `tessera --help does not list ${needed}`,
    );
  }
  for (const command of helps) tessera(home, [...command, '--help']); // throws on a non-zero exit
  log(`${name}: --version and ${helps.length} --help pages exit 0`);
  const before = listTree(home);

  const [publicPort, adminPort] = [await freePort(), await freePort()];
  const issuer = 'https://id.smoke.example';
  const serverEnv = {
    ...env,
    TESSERA_ENV: 'production',
    TESSERA_BASE_URL: issuer,
    TESSERA_ADMIN_URL: `http://127.0.0.1:${adminPort}`,
    TESSERA_PUBLIC_PORT: String(publicPort),
    TESSERA_ADMIN_PORT: String(adminPort),
    TESSERA_DATA_DIR: join(work, 'data'),
    TESSERA_KEK: randomBytes(32).toString('base64url'),
    TESSERA_LOG_LEVEL: 'warn',
  };
  mkdirSync(serverEnv.TESSERA_DATA_DIR, { mode: 0o700 });
  const started = Date.now();
  server = spawn(node, [join(home, 'bin/tessera'), 'serve'], { cwd: work, env: serverEnv });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => server.on('exit', (code, signal) => done({ code, signal })));
  const publicUrl = `http://127.0.0.1:${publicPort}`;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited during start-up:\n${output}`);
    if (Date.now() - started > 90_000) throw new Error(`the server was not ready after 90 s:\n${output}`);
    const ready = await fetch(`${publicUrl}/readyz`).catch(() => null);
    if (ready?.status === 200 && output.includes('Tessera is running')) break;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  log(`serve (production, embedded database) ready in ${Date.now() - started} ms`);
  // Production output is JSON lines, the start-up banner included (it names the mode and the version).
  const lines = output.split('\n').filter(Boolean);
  const parsed = lines.map((line) => {
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`a line of the production output is not JSON: ${line}`);
    }
  });
  const banner = parsed.find((line) => line.msg === 'Tessera is running');
  check(
    banner?.mode === 'production' && banner.version === release.version,
    `banner: ${JSON.stringify(banner)}`,
  );
  for (const base of [publicUrl, serverEnv.TESSERA_ADMIN_URL]) {
    const health = await (await fetch(`${base}/healthz`)).json();
    check(health.version === release.version, `/healthz on ${base} answered ${JSON.stringify(health)}`);
  }

  // Through the running server (the embedded database has one process), as an operator would.
  const client = JSON.parse(
    tessera(
      home,
      ['clients', 'create', '--name', 'Smoke', '--grant', 'client_credentials', '--scope', 'jobs'],
      {
        TESSERA_DATA_DIR: serverEnv.TESSERA_DATA_DIR,
        TESSERA_KEK: serverEnv.TESSERA_KEK,
      },
    ),
  );
  const response = await fetch(`${publicUrl}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials&scope=jobs',
  });
  const token = await response.json();
  check(response.status === 200, `/token answered ${response.status} ${JSON.stringify(token)}`);
  const [header, payload, signature] = token.access_token.split('.');
  const { alg, kid } = JSON.parse(Buffer.from(header, 'base64url').toString());
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  check(claims.iss === issuer && claims.client_id === client.client_id, `claims ${JSON.stringify(claims)}`);
  const { keys } = await (await fetch(`${publicUrl}/.well-known/jwks.json`)).json();
  const jwk = keys.find((key) => key.kid === kid);
  check(jwk && alg === 'ES256', `no ES256 key ${kid} in the JWKS`);
  const signed = Buffer.from(`${header}.${payload}`);
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  check(
    verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')),
    'the access token signature does not verify against the JWKS',
  );
  log(`client-credentials access token issued (iss ${claims.iss}, scope ${claims.scope}) and verified`);

  server.kill('SIGTERM');
  const { code, signal } = await exited;
  check(code === 0, `the server ended with ${code ?? signal} on SIGTERM:\n${output}`);
  server = undefined;
  check(listTree(home) === before, 'the server wrote into the unpacked release (it must run read-only)');
  log('stopped cleanly on SIGTERM; the release directory was not written to');

  // npm install -g of the tarball puts tessera on the PATH, its dependencies from the tarball (offline).
  const npmCli = join(
    dirname(realpathSync(execFileSync('which', ['npm'], { encoding: 'utf8' }).trim())),
    'npm-cli.js',
  );
  const prefix = join(work, 'global');
  execFileSync(
    node,
    [npmCli, 'install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, tarball],
    {
      env: { ...env, npm_config_cache: join(work, 'npm-cache') },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const installed = execFileSync(join(prefix, 'bin/tessera'), ['--version'], { env, encoding: 'utf8' });
  check(installed === `${release.version}\n`, `installed tessera --version printed ${installed}`);
  log(`npm install -g ${basename(tarball)}: tessera ${installed.trim()} on the PATH`);
} finally {
  server?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
