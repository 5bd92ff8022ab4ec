// wpwl-doctor on pages with real faults, in headless Chromium with the
// sandbox's widget really loading: the good page passes with nothing above
// "info"; each faulty page's fault is found, naming the script, form or
// directive, with the right fix; the command's exit codes; the inventory's
// justifications surviving a rewrite; a baseline naming a changed header.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../src/chromium.js';
import {
  compareWithBaseline,
  inventoryMarkdown,
  markdownJustifications,
  runCommand,
  runDeadline,
  runDoctor,
  type Finding,
  type Inventory,
} from '../src/index.js';
import { startTestSite, type TestSite } from './pages.js';

const TIMEOUT = 60_000;
let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startTestSite(), launchChromium()]);
}, TIMEOUT);
afterAll(async () => {
  await Promise.all([browser?.close(), site?.close()]);
});

const check = (path: string) => runDoctor({ url: `${site.url}${path}`, browser });
const aboveInfo = (findings: Finding[]) => findings.filter((finding) => finding.severity !== 'info');
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('wpwl-doctor on a good payment page', () => {
  it(
    'finds nothing above info, and lists each script with who added it, its integrity and how the CSP allows it',
    async () => {
      const report = await check('/good');
      expect(aboveInfo(report.findings)).toEqual([]);
      expect(report.failed).toBe(false);
      const scripts = Object.fromEntries(report.inventory.scripts.map((script) => [script.id, script]));
      expect(scripts[`${site.sandbox.url}/v1/paymentWidgets.js`]).toMatchObject({
        addedBy: "the page's markup",
        allowedBy: 'nonce',
        integrity: expect.stringMatching(/^sha384-/),
        widget: true,
      });
      expect(scripts[`${site.sandbox.url}/v1/static.min.js`]).toMatchObject({
        addedBy: `the widget (${site.sandbox.url}/v1/paymentWidgets.js)`,
        widget: true,
      });
      const options = `inline ${sha256("window.wpwlOptions = { locale: 'de' };")}`;
      expect(scripts[options]).toMatchObject({ kind: 'inline', addedBy: "the page's markup", allowedBy: 'nonce', widget: false });
      expect(Object.keys(scripts)).toHaveLength(3);
      expect(report.evidence.widget).toMatchObject({ rendered: true, optionsSet: true, optionsSetAfterScript: false, locale: 'de' });
    },
    TIMEOUT,
  );
});

describe('steps before the payment page', () => {
  it(
    'follows a step to the payment page and reports that page alone (not the cart page it left)',
    async () => {
      const report = await runDoctor({ url: `${site.url}/cart`, steps: [{ click: '#to-payment' }], browser });
      expect(report.evidence.url).toBe(`${site.url}/good`);
      expect(aboveInfo(report.findings)).toEqual([]);
      expect(report.inventory.scripts.map((script) => script.id)).not.toContain(`inline ${sha256('window.cart = 1;')}`);
      expect(report.inventory.scripts).toHaveLength(3);
    },
    TIMEOUT,
  );
});

describe('wpwl-doctor finds each fault with its fix', () => {
  const faults = [
    {
      path: '/skimmer',
      code: 'SCRIPT_ADDED_BY_SCRIPT',
      subject: () => `${site.thirdParty}/skim.js`,
      message: () => `added at run time by the script ${site.url}/loader.js`,
      fix: () => `Remove what adds it (${site.url}/loader.js)`,
    },
    {
      path: '/inline-without-nonce',
      code: 'INLINE_SCRIPT_WITHOUT_NONCE',
      subject: () => `inline ${sha256("window.shopTracking = 'on';")}`,
      message: () => 'The CSP refused an inline script without a nonce or hash ("window.shopTracking',
      fix: () => `Give the script tag this response's CSP nonce (or add '${sha256("window.shopTracking = 'on';")}' to script-src)`,
    },
    {
      path: '/unsafe-inline',
      code: 'INLINE_SCRIPT_WITHOUT_NONCE',
      subject: () => `inline ${sha256("window.shopTracking = 'on';")}`,
      message: () => 'the CSP allows it by unsafe-inline',
      fix: () => "and remove 'unsafe-inline'",
    },
    {
      path: '/nested-form',
      code: 'FORM_NESTED',
      subject: () => 'form#order',
      message: () => "The widget's form sits inside form#order",
      fix: () => "Move the widget's form out of form#order",
    },
    {
      path: '/integrity-dropped',
      code: 'WIDGET_INTEGRITY_MISSING',
      subject: () => `${site.sandbox.url}/v1/paymentWidgets.js?checkoutId=…`,
      message: () => 'The checkout was prepared with integrity',
      fix: () => 'Put the checkout\u2019s integrity value on the paymentWidgets.js tag with crossorigin="anonymous"',
    },
    {
      path: '/bad-brands',
      code: 'BRANDS_INVALID',
      subject: () => 'data-brands="VISA MASTERCARD"',
      message: () => 'data-brands is not valid',
      fix: () => 'MASTER for Mastercard',
    },
    {
      path: '/options-late',
      code: 'OPTIONS_AFTER_SCRIPT',
      subject: () => 'wpwlOptions',
      message: () => 'wpwlOptions was first set after paymentWidgets.js had started',
      fix: () => 'Assign window.wpwlOptions in a script that runs before the paymentWidgets.js tag',
    },
    {
      path: '/meta-csp',
      code: 'CSP_IN_META',
      subject: () => '<meta http-equiv="Content-Security-Policy">',
      message: () => 'it cannot report violations',
      fix: () => 'Send the same policy as a Content-Security-Policy response header',
    },
    {
      path: '/no-frame-host',
      code: 'CSP_WIDGET_HOST_MISSING',
      subject: () => 'frame-src',
      message: () => `does not allow the widget's host ${site.sandbox.url}: the card number and CVV iframes cannot load`,
      fix: () => `Add ${site.sandbox.url} to frame-src`,
    },
  ];

  it.each(faults)(
    '$path: $code',
    async ({ path, code, subject, message, fix }) => {
      const report = await check(path);
      const found = report.findings.filter((finding) => finding.code === code && finding.subject === subject());
      expect(found, JSON.stringify(report.findings, null, 2)).toHaveLength(1);
      expect(found[0]!.message).toContain(message());
      expect(found[0]!.fix).toContain(fix());
      expect(found[0]!.severity).not.toBe('info');
      expect(report.failed).toBe(true);
    },
    TIMEOUT,
  );

  it(
    "the faults' other findings are the ones they imply, nothing unrelated",
    async () => {
      const codes = async (path: string) => [...new Set(aboveInfo((await check(path)).findings).map((finding) => finding.code))].sort();
      // A <meta> policy cannot hold frame-ancestors; 'unsafe-inline' without a nonce is a finding of the CSP too.
      expect(await codes('/meta-csp')).toEqual(['CSP_IN_META', 'CSP_NO_FRAME_ANCESTORS']);
      expect(await codes('/unsafe-inline')).toEqual(['CSP_NO_NONCE', 'CSP_UNSAFE_INLINE', 'INLINE_SCRIPT_WITHOUT_NONCE']);
      expect(await codes('/nested-form')).toEqual(['FORM_NESTED']);
    },
    TIMEOUT,
  );
});

describe('scripts from data: and blob: URLs', () => {
  it(
    'names them by scheme and content hash, so the same page gives the same inventory on each load',
    async () => {
      const first = await runDoctor({ url: `${site.url}/odd-urls`, browser, timeout: 5_000, settle: 200 });
      const ids = first.inventory.scripts.map((script) => script.id).filter((id) => !id.startsWith('inline '));
      const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
      expect(ids.sort()).toEqual([`blob:${site.url} ${sha384('window.fromBlob = 1')}`, `data: ${sha384('window.fromData = 1')}`]);
      const again = await runDoctor({ url: `${site.url}/odd-urls`, browser, timeout: 5_000, settle: 200, baseline: first.inventory });
      expect(again.findings.filter((finding) => finding.code.startsWith('BASELINE_'))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'words a data: script in the markup as an inline data: URL, not as a script from another host',
    async () => {
      const report = await runDoctor({ url: `${site.url}/odd-urls`, browser, timeout: 5_000, settle: 200 });
      const data = report.findings.filter((finding) => finding.subject.startsWith('data:'));
      expect(data).toEqual([
        expect.objectContaining({
          code: 'SCRIPT_WITHOUT_INTEGRITY',
          message: expect.stringContaining('comes from an inline data: URL, not from a host'),
          fix: expect.stringContaining('drop data: from script-src'),
        }),
      ]);
      expect(JSON.stringify(report.findings)).not.toMatch(/another host|\(null\)|from null/);
    },
    TIMEOUT,
  );
});

describe('the wpwl-doctor command', () => {
  const run = async (...argv: string[]) => {
    let out = '';
    let err = '';
    const code = await runCommand(argv, { out: (text) => (out += text), err: (text) => (err += text) });
    return { code, out, err };
  };

  it(
    'exits 0 on a good page, 1 on findings at or above --fail-on, and prints JSON with --json',
    async () => {
      const good = await run(`${site.url}/good`);
      expect(good.code, good.out + good.err).toBe(0);
      expect(good.out).toContain('Passed: no finding at or above "warning".');

      const skimmer = await run(`${site.url}/skimmer`, '--json');
      expect(skimmer.code).toBe(1);
      const report = JSON.parse(skimmer.out) as { failed: boolean; findings: Finding[] };
      expect(report.failed).toBe(true);
      expect(report.findings[0]).toMatchObject({ code: 'SCRIPT_ADDED_BY_SCRIPT', severity: 'error' });

      // The <meta> page's findings are warnings: they fail the default threshold, not --fail-on error.
      expect((await run(`${site.url}/meta-csp`)).code).toBe(1);
      expect((await run(`${site.url}/meta-csp`, '--fail-on', 'error')).code).toBe(0);
      // With --live, a widget from a test host (the sandbox) is an error.
      const live = await run(`${site.url}/good`, '--live', '--json');
      expect(live.code).toBe(1);
      expect((JSON.parse(live.out) as { findings: Finding[] }).findings[0]).toMatchObject({
        code: 'WIDGET_TEST_HOST',
        severity: 'error',
        subject: site.sandbox.url,
      });
    },
    TIMEOUT,
  );

  it(
    'exits 2 on a usage error or a page that does not load, naming the argument or the page',
    async () => {
      const badThreshold = await run(`${site.url}/good`, '--fail-on', 'severe');
      expect(badThreshold).toMatchObject({ code: 2 });
      expect(badThreshold.err).toContain('INVALID_ARGUMENT: --fail-on: expected info, warning or error, got "severe"');
      const badStep = await run(`${site.url}/good`, '--step', 'fill:#email');
      expect(badStep.code).toBe(2);
      expect(badStep.err).toContain('INVALID_STEP: step "fill:#email": fill: needs selector|value');
      expect((await run()).err).toContain('url: expected exactly one page URL, got 0');

      const missing = await run(`${site.url}/no-such-page`);
      expect(missing.code).toBe(2);
      expect(missing.err).toContain(`PAGE_NOT_LOADED: ${site.url}/no-such-page answered HTTP 404`);
      const failedStep = await run(`${site.url}/good`, '--step', 'click:#no-such-button', '--timeout', '1500');
      expect(failedStep.code).toBe(2);
      expect(failedStep.err).toContain('STEP_FAILED: step click:#no-such-button failed');
    },
    TIMEOUT,
  );

  it(
    'gives up on a page whose script runs in a loop: exit 2 with PAGE_TIMED_OUT, within the deadline the timeouts make',
    async () => {
      const started = Date.now();
      const stuck = await run(`${site.url}/stuck`, '--timeout', '1000', '--settle', '0');
      const took = Date.now() - started;
      expect(stuck.code, stuck.out + stuck.err).toBe(2);
      expect(stuck.err).toContain(`PAGE_TIMED_OUT: ${site.url}/stuck was not checked within ${runDeadline(1000, 0, 0)} ms`);
      // The deadline plus closing the stuck page (at most 5 s) and starting Chromium.
      expect(took).toBeLessThan(runDeadline(1000, 0, 0) + 15_000);
    },
    TIMEOUT,
  );

  it(
    '--write-inventory writes JSON and Markdown and keeps the justification the merchant wrote in the Markdown',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'wpwl-doctor-'));
      try {
        const path = join(dir, 'inventory');
        expect((await run(`${site.url}/good`, '--write-inventory', path)).code).toBe(0);
        const markdown = await readFile(`${path}.md`, 'utf8');
        const id = `inline ${sha256("window.wpwlOptions = { locale: 'de' };")}`;
        const row = markdown.split('\n').find((line) => line.startsWith(`| \`${id}\``))!;
        expect(row).toMatch(/\| nonce \|\s*\|$/);
        await writeFile(`${path}.md`, markdown.replace(row, row.replace(/\|\s*\|$/, "| Sets the widget's options \\| locale |")));

        const again = await run(`${site.url}/good`, '--write-inventory', path, '--baseline', `${path}.json`);
        expect(again.code, again.out).toBe(0);
        const inventory = JSON.parse(await readFile(`${path}.json`, 'utf8')) as Inventory;
        expect(inventory.scripts.find((script) => script.id === id)?.justification).toBe("Sets the widget's options | locale");
        expect(await readFile(`${path}.md`, 'utf8')).toContain("| Sets the widget's options \\| locale |");
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});

describe('the inventory and the baseline without a browser', () => {
  const inventory: Inventory = {
    format: 'wpwl-doctor-inventory/1',
    page: 'https://shop.example/pay',
    scripts: [
      {
        id: 'https://shop.example/app.js',
        kind: 'external',
        url: 'https://shop.example/app.js',
        hash: 'sha384-a',
        origin: 'https://shop.example',
        addedBy: "the page's markup",
        integrity: null,
        allowedBy: 'nonce',
        widget: false,
        justification: 'The shop | cart',
      },
    ],
    headers: { 'content-security-policy': "script-src 'self' 'nonce-…'", 'strict-transport-security': 'max-age=31536000' },
  };

  it('reads back the justifications of its own Markdown, pipes included', () => {
    expect(markdownJustifications(inventoryMarkdown(inventory))).toEqual(new Map([['https://shop.example/app.js', 'The shop | cart']]));
  });

  it('names a changed header, a script whose content changed, and one gone', () => {
    const current: Inventory = {
      ...inventory,
      scripts: [{ ...inventory.scripts[0]!, id: 'https://shop.example/app2.js', hash: 'sha384-b' }],
      headers: { 'content-security-policy': "script-src 'self' 'unsafe-inline'" },
    };
    const changed: Inventory = { ...inventory, scripts: [{ ...inventory.scripts[0]!, hash: 'sha384-b' }] };
    expect(compareWithBaseline(inventory, changed).map((finding) => [finding.code, finding.subject, finding.message])).toEqual([
      [
        'BASELINE_SCRIPT_CHANGED',
        'https://shop.example/app.js',
        'https://shop.example/app.js changed since the baseline: content (hash sha384-a → sha384-b).',
      ],
    ]);
    expect(compareWithBaseline(inventory, current).map((finding) => [finding.code, finding.subject, finding.severity])).toEqual([
      ['BASELINE_SCRIPT_NEW', 'https://shop.example/app2.js', 'error'],
      ['BASELINE_SCRIPT_GONE', 'https://shop.example/app.js', 'info'],
      ['BASELINE_HEADER_CHANGED', 'content-security-policy', 'error'],
      ['BASELINE_HEADER_CHANGED', 'strict-transport-security', 'error'],
    ]);
  });
});
