// npm run release: builds tessera-<version>.tgz, the release an operator deploys (docs/deploy.md).
//
// The tarball holds one directory, tessera-<version>/, with the compiled server (packages/server/dist, migrations
// beside it), the built hosted UI and admin portal (packages/web/dist, dist-admin), the server's production
// dependencies exactly as package-lock.json resolved them (node_modules, declared as bundled so that
// `npm install -g tessera-<version>.tgz` installs them from the tarball), bin/tessera, the LICENSE, CHANGELOG,
// README and docs. No TypeScript source, no source maps, no tests, no development dependency.
//
// Usage: node scripts/release.mjs [--out DIR] [--skip-build]
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { out: { type: 'string', default: root }, 'skip-build': { type: 'boolean', default: false } },
});

const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const rootPackage = readJson('package.json');
const version = rootPackage.version;
if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version))
  throw new Error(`package.json: '${version}' is not semver`);

// One version: every workspace package carries the root's (packages/server/src/version.ts reads the server's).
const outOfStep = rootPackage.workspaces
  .map((workspace) => [workspace, readJson(join(workspace, 'package.json')).version])
  .filter(([, workspaceVersion]) => workspaceVersion !== version);
if (outOfStep.length > 0) {
  throw new Error(
    `workspace versions differ from package.json's ${version}: ${outOfStep.map(([w, v]) => `${w} ${v}`).join(', ')}`,
  );
}

const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const name = `tessera-${version}`;
const staging = mkdtempSync(join(tmpdir(), 'tessera-release-'));
const target = join(staging, name);
try {
  // The server compiled afresh into the release (tsc leaves files of deleted sources in packages/server/dist).
  const serverDist = join(target, 'packages/server/dist');
  run(process.execPath, [
    join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    'packages/server',
    '--outDir',
    serverDist,
    '--sourceMap',
    'false',
  ]);
  cpSync(join(root, 'packages/server/src/db/migrations'), join(serverDist, 'db/migrations'), {
    recursive: true,
  });
  const serverPackage = readJson('packages/server/package.json');
  writeJson(join(target, 'packages/server/package.json'), {
    name: serverPackage.name,
    version,
    private: true,
    type: 'module',
  });

  // The production UI bundles (not the browser tests' builds).
  if (!values['skip-build']) run(npm, ['run', 'build', '-w', '@tessera/web']);
  for (const directory of ['dist', 'dist-admin']) {
    const from = join(root, 'packages/web', directory);
    if (!existsSync(join(from, 'index.html')) && !existsSync(join(from, 'admin.html')))
      throw new Error(`packages/web/${directory} is not built: run npm run build -w @tessera/web`);
    cpSync(from, join(target, 'packages/web', directory), { recursive: true });
  }

  // Production dependencies as installed from package-lock.json: the server's tree without development ones.
  const installed = execFileSync(npm, ['ls', '--omit=dev', '--all', '--parseable', '-w', '@tessera/server'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
    .map((path) => relative(root, path))
    .filter(
      (path) => path.includes(`node_modules${sep}`) && !path.startsWith(`node_modules${sep}@tessera${sep}`),
    );
  const placed = new Map();
  for (const path of installed) {
    // Hoisted to the root, or nested under packages/server/node_modules: both land in the release's node_modules.
    const inRelease = path.startsWith(`node_modules${sep}`)
      ? path
      : path.slice(path.indexOf(`node_modules${sep}`));
    if (placed.has(inRelease) && placed.get(inRelease) !== path)
      throw new Error(`${inRelease} would come from both ${placed.get(inRelease)} and ${path}`);
    placed.set(inRelease, path);
  }
  // Parents before children, so that a nested node_modules is copied into its package's copy.
  for (const [inRelease, path] of [...placed].sort(([a], [b]) => a.length - b.length)) {
    cpSync(join(root, path), join(target, inRelease), {
      recursive: true,
      dereference: true,
      filter: (source) => !source.slice(join(root, path).length).includes(`${sep}node_modules${sep}`),
    });
  }
  const dependencies = Object.fromEntries(
    Object.keys(serverPackage.dependencies).map((dependency) => [
      dependency,
      JSON.parse(readFileSync(join(target, 'node_modules', dependency, 'package.json'), 'utf8')).version,
    ]),
  );

  writeJson(join(target, 'package.json'), {
    name: 'tessera',
    version,
    description: rootPackage.description,
    license: rootPackage.license,
    type: 'module',
    engines: rootPackage.engines,
    bin: { tessera: 'bin/tessera' },
    dependencies,
    bundleDependencies: Object.keys(dependencies),
  });
  mkdirSync(join(target, 'bin'));
  writeFileSync(
    join(target, 'bin/tessera'),
    "#!/usr/bin/env node\nimport '../packages/server/dist/main.js';\n",
  );
  chmodSync(join(target, 'bin/tessera'), 0o755);
  for (const file of ['LICENSE', 'CHANGELOG.md', 'README.md']) cpSync(join(root, file), join(target, file));
  cpSync(join(root, 'docs'), join(target, 'docs'), { recursive: true });

  checkContents(target);
  mkdirSync(values.out, { recursive: true });
  const tarball = join(resolve(values.out), `${name}.tgz`);
  run('tar', ['--owner=0', '--group=0', '--numeric-owner', '-czf', tarball, '-C', staging, name]);
  const megabytes = (statSync(tarball).size / 1024 / 1024).toFixed(1);
  process.stdout.write(`${relative(process.cwd(), tarball) || tarball} (${megabytes} MB)\n`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}

function writeJson(path, value) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** Refuses a release that carries our sources, tests, source maps or a development tool. */
function checkContents(directory) {
  const development = ['typescript', 'vitest', 'drizzle-kit', 'oidc-provider', '@biomejs', 'tsx', 'vite'];
  for (const entry of readdirSync(join(directory, 'node_modules'))) {
    if (development.includes(entry))
      throw new Error(`release: development dependency ${entry} in node_modules`);
  }
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (/\.(ts|tsx|map)$/.test(entry.name) || /\.test\.js$/.test(entry.name)) {
        throw new Error(`release: ${relative(directory, full)} does not belong in a release`);
      }
    }
  };
  walk(join(directory, 'packages'));
}
