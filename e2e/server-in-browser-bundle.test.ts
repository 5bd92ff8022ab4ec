// @wpwl/server holds the gateway access token: a storefront bundle that
// imports it must not build. Bundled for a browser (the "browser" export
// condition) the package stops the bundler at a module whose name says why;
// bundled for a server it builds. Real bundlers over the packed layout of the
// workspace: Vite (Rollup) as storefronts use it, esbuild, and `next build`
// (Turbopack) with the package imported into a client component (the Next.js
// storefront example, which imports it into Server Components only, is the
// build that passes). The same condition keeps @wpwl/core's server-rendering
// script (widgetStartHtml's) out of browser bundles, while a server build has it.
import { spawnSync } from 'node:child_process';
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
  // A storefront's widget component: it renders the widget's start on the server, mounts it in the browser.
  await symlink(join(REPO, 'packages/core'), join(app, 'node_modules/@wpwl/core'), 'dir');
  await writeFile(
    join(app, 'widget.js'),
    "import { createPaymentWidget, widgetStartHtml } from '@wpwl/core';\n" +
      "export const render = (config) => (typeof document === 'undefined' ? widgetStartHtml(config) : createPaymentWidget(config));\n",
  );
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

  it('next build refuses a client component that imports it, naming the reason', async () => {
    // Inside the repository (Turbopack builds only below its root), with the Next.js example's packages.
    const nextApp = join(REPO, 'e2e/.tmp/next-server-in-client');
    await rm(nextApp, { recursive: true, force: true });
    await mkdir(join(nextApp, 'app'), { recursive: true });
    try {
      await symlink(join(REPO, 'examples/next-storefront/node_modules'), join(nextApp, 'node_modules'), 'dir');
      await writeFile(join(nextApp, 'next.config.mjs'), `export default { turbopack: { root: ${JSON.stringify(REPO)} } };\n`);
      await writeFile(
        join(nextApp, 'app/layout.jsx'),
        'export default function Layout({ children }) {\n  return <html><body>{children}</body></html>;\n}\n',
      );
      await writeFile(
        join(nextApp, 'app/pay.jsx'),
        "'use client';\nimport { createGatewayClient } from '@wpwl/server';\nexport function Pay() {\n  return <button onClick={() => createGatewayClient({})}>Pay</button>;\n}\n",
      );
      await writeFile(
        join(nextApp, 'app/page.jsx'),
        "import { Pay } from './pay';\nexport default function Page() {\n  return <Pay />;\n}\n",
      );
      const run = spawnSync(process.execPath, [join(nextApp, 'node_modules/next/dist/bin/next'), 'build'], {
        cwd: nextApp,
        encoding: 'utf8',
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
        timeout: 180_000,
      });
      expect(run.status).not.toBe(0);
      expect(`${run.stdout}${run.stderr}`).toMatch(REASON);
    } finally {
      await rm(nextApp, { recursive: true, force: true });
    }
  }, 200_000);
});

describe("@wpwl/core's server start in a browser bundle", () => {
  // The inline script widgetStartHtml writes into a server-rendered page (it reads `currentScript`).
  const START_SCRIPT = 'd.currentScript||d.head';
  const bundle = async (platform: 'browser' | 'node') => {
    const built = await esbuild({
      entryPoints: [join(app, 'widget.js')],
      bundle: true,
      platform,
      format: 'esm',
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    return built.outputFiles[0]!.text;
  };

  it('a browser bundle has the controller and not the script; a server bundle has both', async () => {
    const browser = await bundle('browser');
    const server = await bundle('node');
    expect(browser).toContain('wpwlState');
    expect(browser).not.toContain(START_SCRIPT);
    expect(server).toContain(START_SCRIPT);
    expect(browser.length).toBeLessThan(server.length - 1000);
  });

  it('Vite builds the storefront without it', async () => {
    const output = await viteBuild({
      root: app,
      logLevel: 'silent',
      configFile: false,
      build: { outDir: join(app, 'dist-widget'), write: false, lib: { entry: join(app, 'widget.js'), formats: ['es'] } },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
    const code = chunks.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
    expect(code).toContain('wpwlState');
    expect(code).not.toContain(START_SCRIPT);
  });
});
