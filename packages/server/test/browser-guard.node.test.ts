// The access token must never reach a browser: where `window` or `document`
// exists, importing the package or creating a client throws, and the module
// bundlers pick for browsers throws on import.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGatewayClient, isWpwlServerError } from '../src/index.js';
import { ENTITY_ID, TOKEN } from './support.js';

const scope = globalThis as { window?: unknown; document?: unknown };

afterEach(() => {
  delete scope.window;
  delete scope.document;
  vi.resetModules();
});

async function failure(load: () => Promise<unknown>): Promise<unknown> {
  try {
    await load();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('browser guard', () => {
  it('importing the package where window exists throws BROWSER_NOT_SUPPORTED', async () => {
    scope.window = {};
    vi.resetModules();
    const error = await failure(() => import('../src/index.js'));
    expect(isWpwlServerError(error) && error.code).toBe('BROWSER_NOT_SUPPORTED');
    expect((error as Error).message).toMatch(/access token.*never reach a browser/);
  });

  it('importing where only document exists throws too', async () => {
    scope.document = {};
    vi.resetModules();
    const error = await failure(() => import('../src/index.js'));
    expect(isWpwlServerError(error) && error.code).toBe('BROWSER_NOT_SUPPORTED');
  });

  it('creating a client throws when a DOM appeared after import', () => {
    scope.window = {};
    let error: unknown;
    try {
      createGatewayClient({ baseUrl: 'https://gw.example', accessToken: TOKEN, entityId: ENTITY_ID });
    } catch (e) {
      error = e;
    }
    expect(isWpwlServerError(error) && error.code).toBe('BROWSER_NOT_SUPPORTED');
  });

  it('the browser entry cannot even be loaded: the module it needs is named for the reason', async () => {
    const error = await failure(() => import('../src/browser.js'));
    expect(String((error as Error).message)).toMatch(/runs-only-on-a-server--the-gateway-access-token-must-never-reach-a-browser/);
  });

  it('package.json sends the browser condition to the throwing module', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const root = pkg.exports['.'];
    expect(root.browser).toBe('./dist/browser.js');
    expect(root.node).toBe('./dist/index.js');
    expect(root.default).toBe('./dist/index.js');
    // Conditions are matched in order: browser must come before node and default.
    expect(Object.keys(root)).toEqual(['types', 'browser', 'node', 'default']);
  });
});
