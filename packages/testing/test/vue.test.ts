// The kit as a Vue merchant uses it: a checkout component over @wpwl/vue's
// <PaymentWidget>, mounted with Vue Test Utils and read by accessible name
// with Testing Library's queries; Vue renders each change before the fake's
// promise resolves.
import { getAllByRole, getByRole, queryAllByRole, queryByRole } from '@testing-library/dom';
import { mount, type VueWrapper } from '@vue/test-utils';
import { PaymentWidget } from '@wpwl/vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { installFakeWidget, type FakeWidget } from '../src/index.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const RESULT_URL = 'https://shop.example/result';

/** A merchant's checkout: the widget, what is going on in words, and a retry when the form did not load. */
const Checkout = defineComponent({
  props: { expiresInMs: { type: Number, required: false } },
  setup(props) {
    const status = ref('idle');
    const expired = ref(false);
    return () =>
      h('section', { 'aria-label': 'Payment' }, [
        h(
          PaymentWidget,
          {
            checkoutId: ID,
            brands: 'VISA MASTER',
            shopperResultUrl: RESULT_URL,
            baseUrl: BASE,
            expiresInMs: props.expiresInMs,
            onStatusChange: (snapshot: { status: string }) => (status.value = snapshot.status),
            onExpired: () => (expired.value = true),
          },
          {
            error: ({ retry }: { retry: () => void }) =>
              // Plain content: the binding's alert region announces it.
              h('p', ['The payment form could not be loaded. ', h('button', { type: 'button', onClick: retry }, 'Try again')]),
          },
        ),
        h('p', { role: 'status' }, status.value === 'submitting' ? 'Sending your payment…' : ''),
        expired.value ? h('p', { role: 'alert' }, 'Your payment session expired.') : null,
      ]);
  },
});

let widget: FakeWidget;
let wrapper: VueWrapper | undefined;
const render = (props: { expiresInMs?: number } = {}) => (wrapper = mount(Checkout, { props, attachTo: document.body }));

beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  vi.useRealTimers();
  await widget.uninstall();
});

describe('a Vue checkout, tested with the fake widget', () => {
  it('shows the labelled card form when ready; an approved payment says it is sending and leaves for the result URL', async () => {
    render();
    await widget.ready();
    const holder = getByRole(document.body, 'textbox', { name: 'Card holder' }) as HTMLInputElement;
    holder.value = 'Jane Jones';
    const payment = await widget.submit();
    // Ours, beside the binding's own status region.
    expect(getAllByRole(document.body, 'status').map((status) => status.textContent)).toContain('Sending your payment…');
    expect(payment).toMatchObject({ outcome: 'approved', fields: { 'card.holder': 'Jane Jones' } });
    expect(payment!.resultUrl).toContain(`${RESULT_URL}?id=${ID}&resourcePath=`);
  });

  it('a declined payment', async () => {
    render();
    await widget.ready();
    await expect(widget.submit({ outcome: 'declined' })).resolves.toMatchObject({ resultCode: '800.100.151' });
  });

  it('a 3-D Secure payment: the issuer frame by its title, then the shopper goes on', async () => {
    render();
    await widget.ready();
    await widget.submit({ outcome: '3ds' });
    expect(document.querySelector('iframe[title="3-D Secure"]')).not.toBeNull();
    await expect(widget.completeThreeDSecure()).resolves.toMatchObject({ resultCode: '000.100.110' });
  });

  it('a load failure shows the error slot; its retry loads the widget again', async () => {
    render();
    await widget.failLoad();
    getByRole(document.body, 'button', { name: 'Try again' }).click();
    await widget.ready();
    // The binding's alert region stays, with nothing in it to announce.
    expect(queryAllByRole(document.body, 'alert').map((alert) => alert.textContent)).toEqual(['']);
    expect(getByRole(document.body, 'textbox', { name: 'Card Number' })).toBeTruthy();
  });

  it('the checkout expires with fake timers', async () => {
    vi.useFakeTimers();
    render({ expiresInMs: 60_000 });
    await widget.ready();
    await widget.act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(getAllByRole(document.body, 'alert').map((alert) => alert.textContent)).toContain('Your payment session expired.');
    expect(queryByRole(document.body, 'textbox', { name: 'Card Number' })).toBeNull();
  });
});
