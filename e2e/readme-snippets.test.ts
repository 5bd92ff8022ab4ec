// The READMEs' code blocks, run as written against the demo (the example
// merchant server on a sandbox) in Chromium, so the docs cannot drift from the
// code: each `runnable: widget` block must show a payment form that a shopper
// can pay with the test card, each `runnable: result` block must read a real
// shopper result and show the verdict, both without a console error or a CSP
// violation. Every other browser or TypeScript block must say it is an excerpt,
// and every block compiles: readme-compile.node.test.ts checks both.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, recordViolations, type TestBrowser } from './support/browser.js';
import { readMerchantVerdict, startShopOnSandbox, submitCardAsShopper, type ShopOnSandbox } from './support/merchant.js';
import { REPO, allSnippets, snippetName, writeSnippetPage, type Snippet } from './support/readme-snippets.js';
import { SUCCESS_CARD, fillCard } from './support/shopper.js';

const snippets = allSnippets();
const runnable = snippets.filter((snippet) => snippet.mark === 'widget' || snippet.mark === 'result');

/** Where the snippet pages are served, like a storefront of the demo. */
const MOUNT = '/readme/';

let browser: TestBrowser;
let shop: ShopOnSandbox;
let pagesDir: string;

beforeAll(async () => {
  pagesDir = await mkdtemp(join(tmpdir(), 'wpwl-readme-'));
  shop = await startShopOnSandbox({
    storefronts: [{ path: MOUNT, dir: pagesDir }],
    // The Lit README's static page loads the standalone element from /assets/, as a merchant's static files would.
    vendor: [{ path: '/assets/', dir: join(REPO, 'packages/lit/dist') }],
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  if (pagesDir) await rm(pagesDir, { recursive: true, force: true });
});

describe('README code blocks', () => {
  it('the READMEs have runnable blocks', () => {
    // The issue names these: the root's core and result-page examples, the Lit static page, React's quick start.
    expect(runnable.map(snippetName)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^README\.md:/),
        expect.stringMatching(/^packages\/lit\/README\.md:/),
        expect.stringMatching(/^packages\/react\/README\.md:/),
      ]),
    );
    expect(runnable.filter((snippet) => snippet.mark === 'result').length).toBeGreaterThanOrEqual(2);
  });

  it('runnable blocks are plain JavaScript where a plain page would hold them', () => {
    // A non-null assertion or a type annotation in a page's <script> is a syntax error.
    const typed = runnable
      .filter((snippet) => snippet.language === 'html' || snippet.language === 'js')
      .filter((snippet) => /\w!\.|\w!\)|\w!;|: (string|number|HTMLElement)\b/.test(snippet.code))
      .map(snippetName);
    expect(typed).toEqual([]);
  });

  for (const [index, snippet] of runnable.entries()) {
    it(`${snippetName(snippet)} (${snippet.mark}) runs as written against the demo`, async () => {
      const page = await writeSnippetPage(snippet, pagesDir, index);
      if (snippet.mark === 'widget') await payThroughSnippet(snippet, page);
      else await readResultThroughSnippet(page);
    });
  }
});

/** Opens the snippet's page, pays with the test card in the form it shows, and checks the demo's verdict. */
async function payThroughSnippet(snippet: Snippet, page: string): Promise<void> {
  const tab = await browser.newPage();
  try {
    const violations = await recordViolations(tab.page);
    // A snippet may ask the shopper to confirm (window.confirm): the shopper says yes.
    tab.page.on('dialog', (dialog) => void dialog.accept());
    await tab.page.goto(`${shop.merchant.url}${MOUNT}${page}`);
    const cardNumber = tab.page.locator('.wpwl-form-card .wpwl-control-cardNumber');
    await cardNumber.waitFor({ state: 'visible', timeout: 15_000 }).catch((error: unknown) => {
      throw new Error(`${snippetName(snippet)} showed no card form; the page logged: ${JSON.stringify(tab.errors)}`, { cause: error });
    });
    expect(
      tab.requestsTo('POST', '/api/checkout'),
      `${snippetName(snippet)} prepares its checkout at the demo's POST /api/checkout`,
    ).toHaveLength(1);

    await fillCard(tab.page, SUCCESS_CARD);
    await tab.page.click('.wpwl-form-card .wpwl-button-pay');
    await tab.page.waitForURL((url) => url.searchParams.has('resourcePath'), { timeout: 15_000 });
    const resourcePath = new URL(tab.page.url()).searchParams.get('resourcePath')!;
    const verdict = await readMerchantVerdict(shop.merchant.url, resourcePath);
    expect(verdict.body.ok, JSON.stringify(verdict.body)).toBe(true);
    expect(tab.errors).toEqual([]);
    expect(violations).toEqual([]);
  } finally {
    await tab.close();
  }
}

/** Pays a checkout of the demo, then opens the snippet's page at its shopper result URL and checks what it shows. */
async function readResultThroughSnippet(page: string): Promise<void> {
  const prepared = await fetch(`${shop.merchant.url}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ productId: 'tea-sencha', quantity: 2 }] }),
  });
  expect(prepared.status).toBe(201);
  const { checkoutId } = (await prepared.json()) as { checkoutId: string };
  expect((await submitCardAsShopper(shop.sandbox.url, checkoutId)).status).toBeLessThan(400);

  const tab = await browser.newPage();
  try {
    const violations = await recordViolations(tab.page);
    const resourcePath = `/v1/checkouts/${checkoutId}/payment`;
    const statusRead = tab.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/payment-status');
    await tab.page.goto(`${shop.merchant.url}${MOUNT}${page}?id=${checkoutId}&resourcePath=${encodeURIComponent(resourcePath)}`);
    const response = await statusRead;
    expect(new URL(response.url()).searchParams.get('resourcePath')).toBe(resourcePath);
    expect(response.status()).toBe(200);
    await expect.poll(() => tab.page.locator('body').innerText()).toMatch(/thank you/i);
    expect(tab.errors).toEqual([]);
    expect(violations).toEqual([]);
  } finally {
    await tab.close();
  }
}
