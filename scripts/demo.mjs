#!/usr/bin/env node
// `pnpm demo`: the whole flow on this machine. Starts the sandbox gateway
// (port 8080, or SANDBOX_PORT), the example merchant server (port 3000, or
// PORT) serving every storefront example that has something to show (the
// core, React, Vue, Angular and static-page shops), and the
// server-rendered storefronts (Next.js, Nuxt) on the ports after it, prints
// the URLs with the framework of each storefront, and stops everything on Ctrl-C. With WPWL_BASE_URL,
// WPWL_ACCESS_TOKEN and WPWL_ENTITY_ID set it talks to that gateway instead of
// a sandbox. It builds only when a build output is missing (a package's dist/
// or an example's), and then runs `pnpm build`, which builds the examples too.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

function readPackage(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Workspace folders whose build output is missing: a package's `main` file, or an example's dist/. */
function unbuilt() {
  const missing = [];
  for (const [folder, isExample] of [
    ['packages', false],
    ['examples', true],
  ]) {
    const root = join(repo, folder);
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root)) {
      const pkg = readPackage(join(root, name));
      if (typeof pkg?.scripts?.build !== 'string') continue;
      // A server-rendered storefront names the file its build writes last; other examples build a dist/.
      const exampleOutput = typeof pkg.wpwlAppServer?.built === 'string' ? pkg.wpwlAppServer.built : 'dist';
      const output = isExample ? exampleOutput : typeof pkg.main === 'string' && pkg.main.startsWith('./dist/') ? pkg.main : undefined;
      if (output && !existsSync(join(root, name, output))) missing.push(`${folder}/${name}`);
    }
  }
  return missing;
}

function buildWhatIsMissing() {
  const missing = unbuilt();
  if (missing.length === 0) return;
  console.log(`demo: building the packages and examples once (a minute or two)…`);
  // Everything the demo serves; not the benchmarks. Quiet unless it fails.
  const result = spawnSync('pnpm', ['-r', '--filter', '!@wpwl/bench', '--if-present', 'run', 'build'], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error('demo: the build failed (its output is above)');
    process.exit(result.status ?? 1);
  }
  console.log('demo: built.');
}

buildWhatIsMissing();

const { startShop, describeShop } = await import(pathToFileURL(join(repo, 'examples/merchant-server/dist/main.js')).href);
const env = { ...process.env, PORT: process.env.PORT || '3000', SANDBOX_PORT: process.env.SANDBOX_PORT || '8080' };

let shop;
try {
  shop = await startShop(repo, env);
} catch (error) {
  if (error?.code === 'EADDRINUSE') {
    console.error(`demo: port ${error.port} is already in use; set PORT (merchant server) or SANDBOX_PORT (sandbox) to free ones.`);
    process.exit(1);
  }
  throw error;
}

console.log(`\n${describeShop(shop)}\n`);
if (shop.gateway.source === 'sandbox') {
  console.log(
    'Pay with the sandbox test card 4200 0000 0000 0000, any future expiry, any 3-digit CVV (more cards: packages/sandbox/README.md).',
  );
}
console.log('Ctrl-C stops everything.');

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  console.log('\ndemo: stopping');
  shop.close().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
