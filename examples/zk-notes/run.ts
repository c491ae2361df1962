/**
 * `npm run example`: Tessera on its embedded database (examples/zk-notes/data/tessera) and the notes app beside it,
 * on loopback. The app's client is registered with the `tessera` CLI, which sends the work to the running server
 * through its control socket. The example has no mail server, so this runner also sets two settings an admin sets
 * in the portal: self-registration on, email verification off. Ports: TESSERA_PORT (9080), TESSERA_ADMIN_PORT
 * (9081), NOTES_PORT (5180).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createLogger } from '../../packages/server/src/app/logging.js';
import { startServer } from '../../packages/server/src/app/server.js';
import { loadConfig } from '../../packages/server/src/config/config.js';
import { startNotesServer } from './server/notes-server.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const tesseraPort = Number(process.env.TESSERA_PORT ?? 9080);
const adminPort = Number(process.env.TESSERA_ADMIN_PORT ?? 9081);
const notesPort = Number(process.env.NOTES_PORT ?? 5180);
const notesUrl = `http://127.0.0.1:${notesPort}`;
const CLIENT_ID = 'zk-notes-example';

const environment = {
  ...process.env,
  TESSERA_DATA_DIR: here('./data/tessera'),
  TESSERA_PUBLIC_PORT: String(tesseraPort),
  TESSERA_ADMIN_PORT: String(adminPort),
  TESSERA_BASE_URL: `http://127.0.0.1:${tesseraPort}`,
  TESSERA_ADMIN_URL: `http://127.0.0.1:${adminPort}`,
  TESSERA_LOG_LEVEL: process.env.TESSERA_LOG_LEVEL ?? 'warn',
};
const config = loadConfig(environment);
const tessera = await startServer(config, createLogger(config), { migrate: true });
await tessera.context.settings.set('accounts.self_registration', true);
await tessera.context.settings.set('accounts.require_email_verification', false);

const registered = (await tessera.context.clients.registry.list()).some((client) => client.id === CLIENT_ID);
if (!registered) {
  // Asynchronously: this process is the server the command talks to, so it must keep answering meanwhile.
  const created = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      here('../../packages/server/src/main.ts'),
      'clients',
      'create',
      '--id',
      CLIENT_ID,
      '--name',
      'ZK Notes',
      '--type',
      'public',
      '--redirect-uri',
      `${notesUrl}/callback`,
      '--post-logout-redirect-uri',
      `${notesUrl}/`,
      '--first-party',
      '--zk-delivery',
      'v2',
      '--zk-required',
    ],
    { env: environment, encoding: 'utf8' },
  ).catch(async (error: { stderr?: string }) => {
    process.stderr.write(error.stderr ?? String(error));
    await tessera.close();
    process.exit(1);
  });
  process.stdout.write(`Registered the client with the tessera CLI:\n${created.stdout}`);
}

const notes = await startNotesServer({
  issuer: config.baseUrl,
  clientId: CLIENT_ID,
  port: notesPort,
  dataFile: here('./data/notes.json'),
  staticDir: here('./dist'),
});
process.stdout.write(
  `Tessera:  ${config.baseUrl} (create an account from its sign-in page)\nZK Notes: ${notes.url}\n` +
    'Open ZK Notes in a browser. Ctrl-C stops both.\n',
);
const stop = async () => {
  await notes.close();
  await tessera.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
