// @wpwl/server holds the gateway access token: a storefront bundle that
// imports it must not build. Bundled for a browser (the "browser" export
// condition) the package stops the bundler at a module whose name says why;
// bundled for a server it builds. Real bundlers over the packed layout of the
// workspace: Vite (Rollup) as storefronts use it, and esbuild.
import { mkdtemp, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const REASON = /runs-only-on-a-server--the-gateway-access-token-must-never-reach-a-browser/;
let app: string;
beforeAll(async () => {
  // A storefront that imports the server package by mistake, with the package installed beside it.
  app = await mkdtemp(join(tmpdir(), 'wpwl-server-in-browser-'));
  await mkdir(join(app, 'node_modules/@wpwl'), { recursive: true });
  await symlink(join(REPO, 'packages/server'), join(app, 'node_modules/@wpwl/server'), 'dir');
  await writeFile(join(app, 'main.js'), "import { createGatewayClient } from '@wpwl/server';\nconsole.log(createGatewayClient);\n");
  await writeFile(join(app, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>\n');
});
afterAll(async () => {
  if (app) await rm(app, { recursive: true, force: true });
});

async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the build succeeded');
}

describe('@wpwl/server in a browser bundle', () => {
  it('Vite refuses to build the storefront, naming the reason', async () => {
    const error = await failure(() =>
      viteBuild({ root: app, logLevel: 'silent', configFile: false, build: { outDir: join(app, 'dist'), write: false } }),
    );
    expect(error.message).toMatch(REASON);
  });

  it('esbuild for the browser refuses too; for Node it builds', async () => {
    const browser = await failure(() =>
      esbuild({ entryPoints: [join(app, 'main.js')], bundle: true, platform: 'browser', write: false, logLevel: 'silent' }),
    );
    expect(browser.message).toMatch(REASON);
    const server = await esbuild({
      entryPoints: [join(app, 'main.js')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(server.outputFiles[0]?.text).toContain('createGatewayClient');
  });
});
