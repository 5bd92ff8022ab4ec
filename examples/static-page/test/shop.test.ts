// The static page (public/index.html and public/app.js: <wpwl-widget> from
// @wpwl/lit's standalone build, no framework, no bundler) as a merchant tests
// it: the page's HTML put into happy-dom and its module run as the browser
// runs it (the standalone build's URL resolves to @wpwl/lit's source, an
// alias of the dom project in vitest.config.ts), the merchant server's
// answers stubbed at `fetch`, the payment widget faked by @wpwl/testing, and
// everything found by what the shopper reads (accessible names). Covers the
// cart to the payment (the amount on the pay button, the cart locked while
// paying), the terms of sale to accept before paying, a checkout paid
// meanwhile in another tab, a widget that fails to load and its retry, a
// session that runs out (fake timers) and more time asked for before it does;
// a cart whose payment is being confirmed, and the result page while it is.
// The flows are the ones the core storefront has too (examples/shared/plain-page-tests.ts),
// on the storefronts' shared merchant-server stub and steps (examples/shared/test-support.ts).
import { fireEvent, screen } from '@testing-library/dom';
// <wpwl-widget> defined before any page goes in (the page's module loads the same module):
// happy-dom keeps finding an element upgraded in place by its id after it left the document.
import '@wpwl/lit/define';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plainPageTests } from '../../shared/plain-page-tests';
import { checkoutFor, goToPayment, servedPageBody, stubMerchantServer, type ShopUnderTest } from '../../shared/test-support';

/** The page's body as served (its head holds the import map, the module script and the style sheet). */
const PAGE_BODY = servedPageBody(import.meta.url, '../public/index.html');
const RESULT_PAGE_BODY = servedPageBody(import.meta.url, '../public/result.html');

const CHECKOUT = checkoutFor('http://127.0.0.1:3000/static-page/result.html');

let widget: FakeWidget;
beforeEach(() => {
  localStorage.clear();
  widget = installFakeWidget();
  // The page as the browser has it before its module runs.
  document.body.innerHTML = PAGE_BODY;
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // Leaving the page takes <wpwl-widget> out, which takes its widget down, before the fake goes.
  document.body.replaceChildren();
  await widget.uninstall();
});

/** What the page's alert regions say now (the cart's, empty until there is something to announce, says nothing). */
const alertTexts = () =>
  screen
    .queryAllByRole('alert')
    .map((alert) => alert.textContent?.trim())
    .filter(Boolean);

let pageLoads = 0;

/** The shop page for the shared steps (goToPayment: two Sencha in the cart, then the payment): its module run, clicks waited for. */
const shop: ShopUnderTest = {
  // The page's module afresh for each test, as a page load runs it (<wpwl-widget>'s module stays: it is defined once).
  open: () => widget.act(() => import(/* @vite-ignore */ `../public/app.js?page-load=${++pageLoads}`)),
  click: (element) => widget.act(() => void fireEvent.click(element)),
};

// This page asks the shopper to accept the terms of sale before paying.
plainPageTests({
  title: 'static page',
  checkout: CHECKOUT,
  shop,
  widget: () => widget,
  beforePay: () => fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' })),
  resultPage: {
    body: RESULT_PAGE_BODY,
    path: '/static-page/result.html',
    open: () => import(/* @vite-ignore */ `../public/result.js?page-load=${++pageLoads}`),
  },
});

describe('static page: paying', () => {
  it('the terms of sale come first: without them ticked nothing is sent and the shopper is told', async () => {
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop);
    await widget.ready();
    await expect(widget.submit()).resolves.toBeUndefined();
    expect(widget.payments).toEqual([]);
    expect(alertTexts()).toEqual(['Please accept the terms of sale first.']);
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms of sale' });
    expect(document.activeElement).toBe(terms);

    fireEvent.click(terms);
    expect(alertTexts()).toEqual([]);
    await expect(widget.submit()).resolves.toMatchObject({ outcome: 'approved' });
  });
});
