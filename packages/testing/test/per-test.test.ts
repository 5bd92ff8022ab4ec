// What a test can ask of the fake widget beyond the defaults, under
// @wpwl/core's controller as a merchant's own code would see it: answers for
// this test's payments (widget.use), the test card filled in as the browser
// helper fills it, the script that never answers (core's timeout), and the
// widget scripts the test did not expect.
import { createPaymentWidget, type PaymentWidgetConfig, type PaymentWidgetController } from '@wpwl/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeWidget, testCard, WpwlTestingError, type FakeWidget, type FakeWidgetOptions } from '../src/index.js';

const BASE = 'https://test.gateway.example';
let checkouts = 0;
/** A checkout id of its own for each mount: a new checkout loads the widget script again. */
const nextId = () => `8a8294174b7ecb28014b9699220015${(checkouts++ % 256).toString(16).padStart(2, '0')}`;
const RESULT_URL = 'https://shop.example/result';

let widget: FakeWidget | undefined;
let controller: PaymentWidgetController | undefined;
let container: HTMLElement;

beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'));
});

afterEach(async () => {
  controller?.destroy();
  controller = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
  container.remove();
  await widget?.uninstall().catch(() => {});
  widget = undefined;
});

function install(options: FakeWidgetOptions = {}): FakeWidget {
  widget = installFakeWidget(options);
  return widget;
}

/** Mounts the checkout for a new checkout id, taking the one before down first. */
function mount(config: Partial<Extract<PaymentWidgetConfig, { checkoutId: string }>> = {}): PaymentWidgetController {
  controller?.destroy();
  controller = createPaymentWidget({
    checkoutId: nextId(),
    brands: 'VISA MASTER AMEX',
    shopperResultUrl: RESULT_URL,
    baseUrl: BASE,
    ...config,
  });
  controller.mount(container);
  return controller;
}
const status = () => controller!.getSnapshot().status;
const field = (name: string) => container.querySelector<HTMLInputElement>(`.wpwl-control-${name}`)!;

describe('widget.use(): answers for this test', () => {
  it('answers the next payment with a result code of its own, once; later payments get the defaults again', async () => {
    const fake = install();
    mount();
    await fake.ready();
    fake.use({ resultCode: '800.100.171', once: true });
    await expect(fake.submit()).resolves.toMatchObject({ outcome: 'declined', resultCode: '800.100.171' });
    expect(fake.payments[0]!.resultUrl).toContain(`${RESULT_URL}?id=${fake.payments[0]!.checkoutId}`);

    mount(); // the shopper is back for another try
    await fake.ready();
    await expect(fake.submit()).resolves.toMatchObject({ outcome: 'approved', resultCode: '000.100.110' });
  });

  it('beats the typed test card and widget.outcome; submit({ … }) beats it; the newest answer comes first', async () => {
    const fake = install({ outcome: 'declined' });
    mount();
    await fake.ready();
    fake.use({ outcome: 'insufficient-funds' });
    fake.use({ outcome: 'pending', when: (payment) => payment.brand === 'MASTER' });
    field('cardNumber').value = '4200000000000000';
    await expect(fake.submit()).resolves.toMatchObject({ outcome: 'insufficient-funds', resultCode: '800.100.155' });

    mount();
    await fake.ready();
    await fake.fillTestCard({ outcome: 'approved', brand: 'MASTER' });
    await expect(fake.submit()).resolves.toMatchObject({ outcome: 'pending', resultCode: '000.200.000' });

    mount();
    await fake.ready();
    await expect(fake.submit({ resultCode: '000.100.112' })).resolves.toMatchObject({ outcome: 'approved', resultCode: '000.100.112' });

    fake.resetAnswers();
    mount();
    await fake.ready();
    await expect(fake.submit()).resolves.toMatchObject({ outcome: 'declined', resultCode: '800.100.151' });
  });

  it('redirect: false leaves the payment in flight: sent, the pay button disabled, the shopper not sent on', async () => {
    const onRedirect = vi.fn();
    const fake = install({ onRedirect });
    mount();
    await fake.ready();
    fake.use({ outcome: 'approved', redirect: false });
    const payment = await fake.submit();
    expect(payment).toMatchObject({ outcome: 'approved', resultUrl: undefined });
    expect(onRedirect).not.toHaveBeenCalled();
    expect(status()).toBe('submitting');
    expect(container.querySelector<HTMLButtonElement>('.wpwl-button-pay')!.disabled).toBe(true);
  });

  it('refuses an answer that says nothing, a malformed result code, or a result code with 3ds, with a stable code', async () => {
    const fake = install();
    expect(() => fake.use({ once: true })).toThrow(expect.objectContaining({ code: 'INVALID_ANSWER' }));
    expect(() => fake.use({ resultCode: '800100171' })).toThrow(/resultCode must read like 000\.100\.110/);
    expect(() => fake.use({ outcome: '3ds', resultCode: '000.100.110' })).toThrow(WpwlTestingError);
    mount();
    await fake.ready();
    await expect(fake.submit({ outcome: 'expired', resultCode: '000.100.110' })).rejects.toMatchObject({ code: 'INVALID_ANSWER' });
  });

  it('refuses an outcome it does not know and an outcome with a result code that says otherwise', async () => {
    const fake = install();
    expect(() => fake.use({ outcome: 'aproved' as 'approved' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ANSWER',
        message: expect.stringMatching(/outcome must be one of approved, .*not "aproved"/),
      }),
    );
    expect(() => fake.use({ outcome: 'approved', resultCode: '800.100.151' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ANSWER',
        message: expect.stringMatching(/800\.100\.151 reads declined, outcome "approved" approved/),
      }),
    );
    // Two that agree are taken: a decline of the declined family with a code of its own.
    fake.use({ outcome: 'declined', resultCode: '800.100.171', once: true });
    mount();
    await fake.ready();
    await expect(fake.submit({ outcome: 'pending' as 'approved', resultCode: '000.100.110' })).rejects.toMatchObject({
      code: 'INVALID_ANSWER',
    });
    await expect(fake.submit()).resolves.toMatchObject({ outcome: 'declined', resultCode: '800.100.171' });
  });

  it('submit({ redirect: false }) alone keeps the usual outcome and leaves the payment in flight', async () => {
    const onRedirect = vi.fn();
    const fake = install({ onRedirect });
    mount();
    await fake.ready();
    const payment = await fake.submit({ redirect: false });
    expect(payment).toMatchObject({ outcome: 'approved', resultCode: '000.100.110', resultUrl: undefined });
    expect(onRedirect).not.toHaveBeenCalled();
    expect(status()).toBe('submitting');
  });

  it('belongs to the fake it was given to: the next one starts without it', async () => {
    const first = install();
    first.use({ outcome: 'declined' });
    await first.uninstall();
    const next = install();
    mount();
    await next.ready();
    await expect(next.submit()).resolves.toMatchObject({ outcome: 'approved' });
  });
});

describe('widget.fillTestCard()', () => {
  it('types the test card for an outcome, a holder, a future expiry and the CVV; the widget detects the brand', async () => {
    const onChangeBrand = vi.fn();
    const onDetectBrand = vi.fn();
    const typed: string[] = [];
    const fake = install();
    mount({ options: { onChangeBrand, onDetectBrand } });
    await fake.ready();
    container.addEventListener('input', (event) => typed.push((event.target as HTMLInputElement).className));

    const card = await fake.fillTestCard('declined');
    expect(card).toEqual(testCard('declined'));
    expect(field('cardNumber').value).toBe('4000000000000002');
    expect(field('cardHolder').value).toBe('Jane Jones');
    expect(field('expiry').value).toMatch(/^12 \/ \d\d$/);
    expect(Number(field('expiry').value.slice(-2))).toBe((new Date().getFullYear() + 3) % 100);
    expect(field('cvv').value).toBe('123');
    expect(typed).toHaveLength(4);
    expect(onDetectBrand).toHaveBeenCalledWith(['VISA'], 'VISA');
    expect(onChangeBrand).not.toHaveBeenCalled(); // VISA is selected already
    await expect(fake.submit()).resolves.toMatchObject({
      outcome: 'declined',
      brand: 'VISA',
      fields: { 'card.holder': 'Jane Jones', 'card.cvv': '123' },
    });
  });

  it('takes a card of TEST_CARDS or options, as the browser helper does', async () => {
    const onChangeBrand = vi.fn();
    const fake = install();
    mount({ options: { onChangeBrand } });
    await fake.ready();
    await fake.fillTestCard(testCard('approved', 'AMEX'));
    expect(field('cvv').value).toBe('1234');
    expect(container.querySelector<HTMLSelectElement>('.wpwl-control-brand')!.value).toBe('AMEX');
    expect(onChangeBrand).toHaveBeenCalledWith('AMEX');

    await fake.fillTestCard({ outcome: 'insufficient-funds', holder: 'Max Mustermann', expiry: '01 / 40', cvv: '999' });
    await expect(fake.submit()).resolves.toMatchObject({
      outcome: 'insufficient-funds',
      fields: { 'card.holder': 'Max Mustermann', 'card.expiryMonth': '01', 'card.expiryYear': '2040', 'card.cvv': '999' },
    });
  });

  it('says what is missing before the form is there, and refuses a card that is no test card', async () => {
    const fake = install();
    mount();
    await expect(fake.fillTestCard()).rejects.toThrow(/call ready\(\) first/);
    await fake.ready();
    await expect(fake.fillTestCard({ ...testCard('approved'), number: '4111111111111111' })).rejects.toMatchObject({
      code: 'INVALID_ANSWER',
    });
    // No AMEX card declines: said with the code, naming the brands there are.
    await expect(fake.fillTestCard({ outcome: 'declined', brand: 'AMEX' })).rejects.toMatchObject({
      code: 'INVALID_ANSWER',
      message: 'no AMEX test card for outcome "declined"; there is one for VISA',
    });
  });
});

describe('a widget script that never answers', () => {
  it("fails with core's SCRIPT_TIMEOUT after 30 seconds by default (the config's timeoutMs)", async () => {
    vi.useFakeTimers();
    const fake = install();
    const onError = vi.fn();
    mount({ onError });
    await fake.act(() => vi.advanceTimersByTimeAsync(29_999));
    expect(status()).toBe('loading');
    await fake.act(() => vi.advanceTimersByTimeAsync(1));
    expect(status()).toBe('error');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'SCRIPT_TIMEOUT' }));
  });

  it('after timeoutMs when the config gives one', async () => {
    vi.useFakeTimers();
    const fake = install();
    mount({ timeoutMs: 5_000 });
    await fake.act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(controller!.getSnapshot().error?.code).toBe('SCRIPT_TIMEOUT');
  });
});

describe('a widget script the test did not expect', () => {
  it('from another base URL: logged, never answered, and the fake rejects with UNEXPECTED_WIDGET_SCRIPT (by default)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fake = install({ baseUrl: 'https://eu-test.oppwa.com' });
    mount({ baseUrl: 'https://eu-prod.oppwa.com' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('not from the expected baseUrl https://eu-test.oppwa.com'));
    const error = await fake.ready().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WpwlTestingError);
    expect(error).toMatchObject({
      code: 'UNEXPECTED_WIDGET_SCRIPT',
      message: expect.stringContaining('https://eu-prod.oppwa.com/v1/paymentWidgets.js'),
    });
    expect(status()).toBe('loading');
  });

  it('fails the test at uninstall when no method ran after it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fake = install({ baseUrl: BASE, maxLoads: 1 });
    mount();
    await fake.failLoad();
    controller!.retry();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(fake.uninstall()).rejects.toMatchObject({
      code: 'UNEXPECTED_WIDGET_SCRIPT',
      message: expect.stringContaining('2 times, more than the 1 the test allows (maxLoads)'),
    });
  });

  it("the expected base URL and loads pass; 'warn' and 'bypass' answer the script as any other", async () => {
    const fake = install({ baseUrl: `${BASE}/`, maxLoads: 2 });
    mount();
    await fake.failLoad();
    controller!.retry();
    await fake.ready();
    expect(status()).toBe('ready');
    await fake.uninstall();

    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const warning = install({ baseUrl: 'https://eu-test.oppwa.com', onUnexpectedScript: 'warn' });
    mount();
    await warning.ready();
    expect(status()).toBe('ready');
    expect(warned).toHaveBeenCalledWith(expect.stringContaining('not from the expected baseUrl'));
    await warning.uninstall();

    const seen = vi.fn();
    const bypass = install({ baseUrl: 'https://eu-test.oppwa.com', onUnexpectedScript: seen });
    mount();
    await bypass.ready();
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ code: 'UNEXPECTED_WIDGET_SCRIPT' }));
  });

  it('refuses malformed expectations with INVALID_OPTION naming the option', () => {
    expect(() => installFakeWidget({ baseUrl: 'eu-test.oppwa.com' })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringContaining('baseUrl') }),
    );
    expect(() => installFakeWidget({ maxLoads: 0 })).toThrow(/maxLoads must be a whole number from 1/);
    expect(() => installFakeWidget({ onUnexpectedScript: 'ignore' as 'bypass' })).toThrow(/onUnexpectedScript/);
  });
});
