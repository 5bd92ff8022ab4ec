// The core storefront's shop page (public/index.html and public/app.js, plain
// JavaScript on @wpwl/core) as a merchant tests it: the page's HTML put into
// happy-dom and its module run as the browser runs it, the merchant server's
// answers stubbed at `fetch`, the payment widget faked by @wpwl/testing, and
// everything found by what the shopper reads (accessible names). Covers the
// cart to the payment (the amount on the pay button, the cart locked while
// paying), a checkout paid meanwhile in another tab, a widget that fails to
// load and its retry, a session that runs out (fake timers) and more time
// asked for before it does; a cart whose payment is being confirmed, and the
// result page while it is.
// The flows are the ones the static page has too (examples/shared/plain-page-tests.ts),
// on the storefronts' shared merchant-server stub and steps (examples/shared/test-support.ts).
import { fireEvent, screen } from '@testing-library/dom';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, vi } from 'vitest';
import { plainPageTests } from '../../shared/plain-page-tests';
import { checkoutFor, servedPageBody, type ShopUnderTest } from '../../shared/test-support';

/** The page's body as served (its head holds the import map, the module script and the style sheet). */
const PAGE_BODY = servedPageBody(import.meta.url, '../public/index.html');
const RESULT_PAGE_BODY = servedPageBody(import.meta.url, '../public/result.html');

const CHECKOUT = checkoutFor('http://127.0.0.1:3000/core-storefront/result.html');

let widget: FakeWidget;
beforeEach(() => {
  localStorage.clear();
  widget = installFakeWidget();
  // The page as the browser has it before its module runs.
  document.body.innerHTML = PAGE_BODY;
  // Each test runs the page's module afresh, as a page load does.
  vi.resetModules();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // Leaves the payment, which takes the widget down, before the fake goes.
  const backToCart = screen.queryByRole<HTMLButtonElement>('button', { name: 'Back to the cart' });
  if (backToCart && !backToCart.disabled) backToCart.click();
  await widget.uninstall();
  document.body.replaceChildren();
});

/** The shop page for the shared steps (goToPayment: two Sencha in the cart, then the payment): its module run, clicks waited for. */
const shop: ShopUnderTest = {
  open: () => widget.act(() => import('../public/app.js')),
  click: (element) => widget.act(() => void fireEvent.click(element)),
};

// No terms of sale on this page: nothing to do before paying but the card.
plainPageTests({
  title: 'core storefront',
  checkout: CHECKOUT,
  shop,
  widget: () => widget,
  beforePay: () => {},
  resultPage: { body: RESULT_PAGE_BODY, path: '/core-storefront/result.html', open: () => import('../public/result.js') },
});
