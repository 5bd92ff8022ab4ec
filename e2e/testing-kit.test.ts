// @wpwl/testing as merchants get it: @wpwl/core, react, vue, sandbox and
// testing packed with `pnpm pack`, installed with npm into two fresh apps
// (the kit alone, without its optional peers: component tests need neither
// the sandbox nor Playwright)
// outside the workspace, each with a checkout component of its own and the
// tests a merchant would write for it, run with the app's own test runner:
// - Vite + React + Vitest (happy-dom, globals: the fake is cleaned up by
//   itself) + Testing Library, type-checked with tsc;
// - Vue + Vitest (jsdom, no globals: cleaned up by the test) + Testing
//   Library for Vue, and the same kit under Jest with jsdom (ES modules),
//   driving @wpwl/core alone.
// The tests pay approved and declined, let the checkout expire on fake
// timers, fail the load and retry, pay from the merchant's own button, and
// find everything by its accessible name.
// Then the kit's Playwright helpers in Chromium against a sandbox and a plain
// merchant page: each test card outcome, 3-D Secure passed and failed, a
// stored card, and the result read back.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chooseStoredCard,
  completeThreeDSecure,
  payWithTestCard,
  pressPay,
  readResult,
  startSandbox,
  TEST_CARDS,
  type Sandbox,
} from '../packages/testing/src/playwright.js';
import { launchBrowser, type TestBrowser, type TestPage } from './support/browser.js';
import { check, packPackages, run, writeFiles } from './support/packed.js';
import { startStaticServer, type StaticServer } from './support/servers.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';

const REACT_APP: Record<string, string> = {
  'vite.config.ts': `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({ plugins: [react()], test: { environment: 'happy-dom', globals: true } });
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: ['vitest/globals'],
    },
    include: ['src'],
  }),
  'src/Checkout.tsx': `import { useState } from 'react';
import { usePaymentWidget } from '@wpwl/react';

export interface CheckoutProps {
  checkoutId: string;
  expiresInMs?: number;
}

/** The payment step of the shop: the widget, what is going on, and our own "Place order" button. */
export function Checkout({ checkoutId, expiresInMs }: CheckoutProps) {
  const [expired, setExpired] = useState(false);
  const { ref, status, retry, pay } = usePaymentWidget({
    checkoutId,
    brands: 'VISA MASTER',
    baseUrl: '${BASE}',
    shopperResultUrl: 'https://shop.example/order/result',
    expiresInMs,
    customParameters: { SHOPPER_orderId: 'A-1042' },
    options: { labels: { submit: 'Pay 24.00 EUR' } },
    onExpired: () => setExpired(true),
  });
  return (
    <section aria-label="Payment">
      <div ref={ref} />
      <p role="status">{status === 'submitting' ? 'Sending your payment…' : status === 'ready' ? 'Enter your card details.' : ''}</p>
      {status === 'error' && (
        <p role="alert">
          The payment form did not load. <button onClick={retry}>Try again</button>
        </p>
      )}
      {expired && <p role="alert">Your payment session expired. Please start again.</p>}
      <button disabled={status !== 'ready'} onClick={() => pay()}>
        Place order
      </button>
    </section>
  );
}
`,
  'src/Checkout.test.tsx': `import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing/react';
import { Checkout } from './Checkout';

let widget: FakeWidget;
beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(() => {
  vi.useRealTimers();
});

const field = (name: string) => screen.getByRole('textbox', { name });

it('pays with the card form: the shopper types, presses pay, and is sent to the result page', async () => {
  const user = userEvent.setup();
  render(<Checkout checkoutId="${ID}" />);
  await widget.ready();
  expect(screen.getByRole('status').textContent).toBe('Enter your card details.');
  await user.type(field('Card Number'), '4200 0000 0000 0000');
  await user.type(field('Expiry Date'), '12 / 34');
  await user.type(field('Card holder'), 'Jane Jones');
  await user.type(field('CVV'), '123');
  const paid = widget.nextPayment();
  await user.click(screen.getByRole('button', { name: 'Pay 24.00 EUR' }));
  const payment = await paid;
  expect(payment.outcome).toBe('approved');
  expect(payment.fields).toMatchObject({ 'card.holder': 'Jane Jones', 'card.expiryYear': '2034', 'customParameters[SHOPPER_orderId]': 'A-1042' });
  expect(payment.resultUrl).toMatch(/^https:\\/\\/shop\\.example\\/order\\/result\\?id=${ID}&resourcePath=/);
  expect(screen.getByRole('status').textContent).toBe('Sending your payment…');
});

it('a declined payment is read on the result page: the widget sends the shopper there all the same', async () => {
  render(<Checkout checkoutId="${ID}" />);
  await widget.ready();
  const payment = await widget.submit({ outcome: 'declined' });
  expect(payment?.resultCode).toBe('800.100.151');
  expect(payment?.resultUrl).toContain('resourcePath=');
});

it('our own "Place order" button pays through the widget', async () => {
  render(<Checkout checkoutId="${ID}" />);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(true);
  await widget.ready();
  const paid = widget.nextPayment();
  await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
  await expect(paid).resolves.toMatchObject({ outcome: 'approved' });
});

it('a form that fails to load can be tried again', async () => {
  render(<Checkout checkoutId="${ID}" />);
  await widget.failLoad();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await widget.ready();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(field('Card Number')).toBeTruthy();
});

it('the payment session expires after its time, on fake timers', async () => {
  vi.useFakeTimers();
  render(<Checkout checkoutId="${ID}" expiresInMs={15 * 60_000} />);
  await widget.ready();
  await widget.act(() => vi.advanceTimersByTimeAsync(15 * 60_000));
  expect(screen.getByRole('alert').textContent).toBe('Your payment session expired. Please start again.');
  expect(screen.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
});
`,
};

const VUE_APP: Record<string, string> = {
  'vite.config.ts': `import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

export default defineConfig({ plugins: [vue()], test: { environment: 'jsdom', include: ['src/**/*.test.ts'] } });
`,
  'src/Checkout.vue': `<script setup lang="ts">
import { ref } from 'vue';
import { PaymentWidget } from '@wpwl/vue';

defineProps<{ checkoutId: string; expiresInMs?: number }>();
const status = ref('idle');
const expired = ref(false);
const widget = ref<{ pay(): boolean } | null>(null);
</script>

<template>
  <section aria-label="Payment">
    <PaymentWidget
      ref="widget"
      :checkout-id="checkoutId"
      brands="VISA MASTER"
      base-url="${BASE}"
      shopper-result-url="https://shop.example/order/result"
      :expires-in-ms="expiresInMs"
      @status-change="(snapshot) => (status = snapshot.status)"
      @expired="expired = true"
    >
      <template #error="{ retry }">
        <!-- Plain content: the binding's own alert region announces it. -->
        <p>The payment form did not load. <button @click="retry">Try again</button></p>
      </template>
    </PaymentWidget>
    <p role="status">{{ status === 'submitting' ? 'Sending your payment…' : '' }}</p>
    <p v-if="expired" role="alert">Your payment session expired.</p>
    <button :disabled="status !== 'ready'" @click="widget?.pay()">Place order</button>
  </section>
</template>
`,
  'src/Checkout.test.ts': `import { fireEvent, render, screen, cleanup } from '@testing-library/vue';
import { cleanupFakeWidgets, installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import Checkout from './Checkout.vue';

let widget: FakeWidget;
beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  await cleanupFakeWidgets();
});

it('an approved payment from the card form, found by accessible names', async () => {
  render(Checkout, { props: { checkoutId: '${ID}' } });
  await widget.ready();
  await fireEvent.update(screen.getByRole('textbox', { name: 'Card holder' }), 'Jane Jones');
  const paid = widget.nextPayment();
  await fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
  await expect(paid).resolves.toMatchObject({ outcome: 'approved', fields: { 'card.holder': 'Jane Jones' } });
  // Ours beside the binding's own status region.
  expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Sending your payment…');
});

it('declined, paid with our own "Place order" button: read on the result page', async () => {
  render(Checkout, { props: { checkoutId: '${ID}' } });
  await widget.ready();
  widget.outcome = 'declined';
  const paid = widget.nextPayment();
  await fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
  await expect(paid).resolves.toMatchObject({ resultCode: '800.100.151' });
});

it('3-D Secure failed: the issuer frame by its title, then the result page', async () => {
  render(Checkout, { props: { checkoutId: '${ID}' } });
  await widget.ready();
  await widget.submit({ outcome: '3ds' });
  expect(screen.getByTitle('3-D Secure')).toBeTruthy();
  await expect(widget.completeThreeDSecure({ pass: false })).resolves.toMatchObject({ resultCode: '100.380.401' });
});

it('a form that fails to load can be tried again', async () => {
  render(Checkout, { props: { checkoutId: '${ID}' } });
  await widget.failLoad();
  await fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await widget.ready();
  expect(screen.getByRole('textbox', { name: 'Card Number' })).toBeTruthy();
});

it('the payment session expires, on fake timers', async () => {
  vi.useFakeTimers();
  render(Checkout, { props: { checkoutId: '${ID}', expiresInMs: 60_000 } });
  await widget.ready();
  await widget.act(() => vi.advanceTimersByTimeAsync(60_000));
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Your payment session expired.');
});
`,
  // With a userAgent, Jest's jsdom loads the scripts a page adds: the fake must keep the widget's off the network.
  'jest.config.mjs': `export default {
  testEnvironment: 'jsdom',
  testEnvironmentOptions: { userAgent: 'a-vue-shop-tests' },
  transform: {},
  testMatch: ['**/src/**/*.jest.test.mjs'],
};
`,
  'src/pay.jest.test.mjs': `// Our checkout script over @wpwl/core, under Jest and jsdom (set up to download scripts: the fake keeps this one off the network).
import { createPaymentWidget } from '@wpwl/core';
import { installFakeWidget } from '@wpwl/testing';

function showCheckout() {
  const container = document.body.appendChild(document.createElement('div'));
  const controller = createPaymentWidget({
    checkoutId: '${ID}',
    brands: 'VISA',
    baseUrl: '${BASE}',
    shopperResultUrl: 'https://shop.example/order/result',
  });
  controller.mount(container);
  return controller;
}

afterEach(() => document.body.replaceChildren());

test('ready, then a declined payment sends the shopper to the result page', async () => {
  const widget = installFakeWidget();
  const checkout = showCheckout();
  await widget.ready();
  expect(checkout.getSnapshot().status).toBe('ready');
  expect(document.querySelector('label[for="' + document.querySelector('.wpwl-control-cardNumber').id + '"]').textContent).toBe('Card Number');
  const payment = await widget.submit({ outcome: 'declined' });
  expect(payment.resultUrl).toContain('resourcePath=');
  checkout.destroy();
});

test('the fake from the test before was cleaned up by itself; a load failure ends in error', async () => {
  const widget = installFakeWidget();
  const checkout = showCheckout();
  await widget.failLoad();
  expect(checkout.getSnapshot()).toMatchObject({ status: 'error', error: { code: 'SCRIPT_LOAD_FAILED' } });
  checkout.destroy();
});
`,
};

/** Runs an app's tests; a failure throws with their output. */
async function runTests(dir: string, script: string[]): Promise<string> {
  const { ok, output } = await check('npm', script, { cwd: dir, timeout: 180_000, env: APP_ENV });
  if (!ok) throw new Error(`npm ${script.join(' ')} failed in ${dir}:\n${output}`.slice(-8000));
  return output;
}

/** The count of passed tests in a Vitest or Jest summary line ("Tests  5 passed (5)", "Tests:       2 passed, 2 total"). */
const passedTests = (output: string) => Number(/Tests:?\s+(\d+) passed/.exec(output)?.[1] ?? 0);

/** This run's environment as a merchant's CI has it: without the variables Vitest sets for its own workers, and no colours. */
const APP_ENV = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'FORCE_COLOR')),
  CI: 'true',
  NO_COLOR: '1',
};

describe('@wpwl/testing packed, in fresh apps outside the workspace', () => {
  let root: string;
  const apps = { react: '', vue: '' };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'wpwl-testing-kit-'));
    const packed = await packPackages(['core', 'react', 'vue', 'sandbox', 'testing'], join(root, 'tarballs'));
    const pick = (...names: string[]) => Object.fromEntries(names.map((name) => [`@wpwl/${name}`, packed[`@wpwl/${name}`]]));
    // The kit alone: its component-test entries need nothing of the sandbox (an optional peer of the browser entries).
    const kit = pick('testing');

    apps.react = join(root, 'react-shop');
    await writeFiles(apps.react, {
      ...REACT_APP,
      'package.json': JSON.stringify({
        name: 'a-react-shop',
        private: true,
        type: 'module',
        scripts: { test: 'vitest run' },
        dependencies: { ...pick('core', 'react'), react: '^19.2.0', 'react-dom': '^19.2.0' },
        devDependencies: {
          ...kit,
          '@testing-library/dom': '^10.4.0',
          '@testing-library/react': '^16.3.0',
          '@testing-library/user-event': '^14.6.0',
          '@types/react': '^19.2.0',
          '@types/react-dom': '^19.2.0',
          '@vitejs/plugin-react': '^6.0.0',
          'happy-dom': '^21.0.0',
          typescript: '~6.0.0',
          vite: '^8.3.0',
          vitest: '~4.1.0',
        },
      }),
    });
    apps.vue = join(root, 'vue-shop');
    await writeFiles(apps.vue, {
      ...VUE_APP,
      'package.json': JSON.stringify({
        name: 'a-vue-shop',
        private: true,
        type: 'module',
        scripts: { test: 'vitest run', 'test:jest': 'node --experimental-vm-modules node_modules/jest/bin/jest.js' },
        dependencies: { ...pick('core', 'vue'), vue: '^3.5.0' },
        devDependencies: {
          ...kit,
          '@testing-library/vue': '^8.1.0',
          '@vitejs/plugin-vue': '^6.0.0',
          jest: '^30.0.0',
          'jest-environment-jsdom': '^30.0.0',
          jsdom: '^26.1.0',
          vite: '^8.3.0',
          vitest: '~4.1.0',
        },
      }),
    });
    await Promise.all(
      Object.values(apps).map((dir) =>
        run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeout: 600_000 }),
      ),
    );
  }, 900_000);

  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("Vite + React + Vitest + Testing Library: the merchant's checkout tests pass, and type-check", async () => {
    const output = await runTests(apps.react, ['test']);
    expect(passedTests(output)).toBe(5);
    expect(output).not.toMatch(/not wrapped in act|not configured to support act/);
    await run(join(apps.react, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: apps.react, timeout: 120_000 });
  });

  it("Vue + Vitest + Testing Library: the merchant's checkout tests pass", async () => {
    const output = await runTests(apps.vue, ['test']);
    expect(passedTests(output)).toBe(5);
  });

  it('Jest with jsdom (ES modules): a checkout over @wpwl/core alone, the fake cleaned up after each test by itself', async () => {
    const output = await runTests(apps.vue, ['run', 'test:jest']);
    expect(passedTests(output)).toBe(2);
  });
});

describe("the kit's Playwright helpers, in Chromium against a sandbox", () => {
  let sandbox: Sandbox;
  let pages: StaticServer;
  let pagesDir: string;
  let browser: TestBrowser;
  let tab: TestPage;

  beforeAll(async () => {
    pagesDir = await mkdtemp(join(tmpdir(), 'wpwl-testing-kit-pages-'));
    await writeFile(join(pagesDir, 'result.html'), '<!doctype html><title>Result</title><p>Thank you</p>\n');
    [sandbox, pages, browser] = await Promise.all([startSandbox(), startStaticServer({ root: pagesDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), sandbox?.close(), pages?.close()]);
    if (pagesDir) await rm(pagesDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    tab = await browser.newPage();
  });
  afterEach(async () => {
    // The sandbox answers a declined payment with HTTP 400, as the gateway does, and the browser logs that response.
    const declined = /status of 400 .*\/v1\/checkouts\/[^/]+\/payment/;
    expect(tab.errors.filter((error) => !declined.test(error))).toEqual([]);
    await tab.close();
  });

  /** Prepares a checkout (offering `storedCards`) and opens a merchant page with the widget for it, as the gateway's guide writes one. */
  async function openCheckout(storedCards: string[] = []): Promise<void> {
    const body = new URLSearchParams({ entityId: sandbox.entityId, amount: '24.00', currency: 'EUR', paymentType: 'DB' });
    storedCards.forEach((id, n) => body.set(`registrations[${n}].id`, id));
    const prepared = await fetch(`${sandbox.url}/v1/checkouts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.accessToken}` },
      body,
    });
    const { id } = (await prepared.json()) as { id: string };
    await writeFile(
      join(pagesDir, `pay-${id}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title>
<script>var wpwlOptions = { registrations: { requireCvv: true } };</script>
<script src="${sandbox.url}/v1/paymentWidgets.js?checkoutId=${id}"></script></head>
<body><form action="${pages.url}/result.html" class="paymentWidgets" data-brands="VISA MASTER AMEX"></form></body></html>
`,
    );
    await tab.page.goto(`${pages.url}/pay-${id}.html`);
  }

  it.each(TEST_CARDS.filter((card) => card.outcome !== '3ds'))(
    'payWithTestCard $outcome ($brand), then readResult: the sandbox says $resultCode',
    async (card) => {
      await openCheckout();
      await payWithTestCard(tab.page, { outcome: card.outcome, brand: card.brand });
      const result = await readResult(tab.page, { sandbox });
      expect(result.url.startsWith(`${pages.url}/result.html?id=`)).toBe(true);
      expect(result.resourcePath).toBe(`/v1/checkouts/${result.id}/payment`);
      // A timeout (900.100.300) is no decline: the payment may have gone through, so it reads as uncertain.
      const verdict = card.outcome === 'approved' ? 'approved' : card.resultCode === '900.100.300' ? 'uncertain' : 'declined';
      expect(result.status).toMatchObject({ resultCode: card.resultCode, verdict });
    },
  );

  it.each([
    [true, '000.100.110'],
    [false, '100.380.401'],
  ])('3-D Secure answered with pass: %s ends with %s', async (pass, code) => {
    await openCheckout();
    await payWithTestCard(tab.page, { outcome: '3ds' });
    await completeThreeDSecure(tab.page, { pass });
    await expect(readResult(tab.page, { sandbox })).resolves.toMatchObject({ status: { resultCode: code } });
  });

  it('chooseStoredCard picks the card by its last digits and types the CVV the widget asks for; pressPay pays with it', async () => {
    // A card stored by an earlier payment (the shopper ticked "save my card").
    const stored: string[] = [];
    for (const number of ['5454545454545454', '4200000000000000']) {
      const body = new URLSearchParams({ entityId: sandbox.entityId, amount: '1.00', currency: 'EUR', paymentType: 'DB' });
      const prepared = await fetch(`${sandbox.url}/v1/checkouts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sandbox.accessToken}` },
        body,
      });
      const { id } = (await prepared.json()) as { id: string };
      const paid = await fetch(`${sandbox.url}/v1/checkouts/${id}/payment`, {
        method: 'POST',
        body: new URLSearchParams({
          paymentBrand: number.startsWith('5') ? 'MASTER' : 'VISA',
          'card.number': number,
          'card.holder': 'Jane Jones',
          'card.expiryMonth': '12',
          'card.expiryYear': String(new Date().getFullYear() + 2),
          'card.cvv': '123',
          createRegistration: 'true',
        }),
      });
      stored.push(((await paid.json()) as { registrationId: string }).registrationId);
    }
    await openCheckout(stored);
    await chooseStoredCard(tab.page, { last4: '0000' });
    const sent = tab.page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/payment'));
    await pressPay(tab.page, { storedCard: true });
    expect(new URLSearchParams((await sent).postData() ?? '').get('registrationId')).toBe(stored[1]);
    await expect(readResult(tab.page, { sandbox })).resolves.toMatchObject({ status: { verdict: 'approved' } });
  });
});
