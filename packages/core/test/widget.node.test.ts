// Server rendering: the package imports and a controller is created in plain
// Node without touching a browser global; mounting fails into a clear state.
import { describe, expect, it } from 'vitest';
import { createPaymentWidget, type PaymentWidgetConfig } from '../src/index.js';

const config: PaymentWidgetConfig = {
  checkoutId: '8a8294174b7ecb28014b9699220015ca',
  brands: ['VISA', 'MASTER'],
  shopperResultUrl: 'https://shop.example/result',
  baseUrl: 'https://test.gateway.example',
  options: { locale: 'de-DE', onBeforeSubmitCard: () => true },
};

describe('createPaymentWidget in Node', () => {
  it('creates an idle controller without a document', () => {
    expect(typeof document).toBe('undefined');
    const widget = createPaymentWidget(config);
    expect(widget.getSnapshot()).toEqual({ status: 'idle' });
    expect(widget.getServerSnapshot()).toEqual({ status: 'idle' });
    expect('wpwlOptions' in globalThis).toBe(false);
  });

  it('mount cannot work here: a NOT_IN_BROWSER error state, no crash; destroy still works', () => {
    const errors: string[] = [];
    const widget = createPaymentWidget({ ...config, onError: (error) => void errors.push(error.code) });
    widget.mount({} as HTMLElement);
    expect(widget.getSnapshot().status).toBe('error');
    expect(widget.getSnapshot().error?.code).toBe('NOT_IN_BROWSER');
    expect(errors).toEqual(['NOT_IN_BROWSER']);
    widget.destroy();
    expect(widget.getSnapshot().status).toBe('destroyed');
    expect('wpwlOptions' in globalThis).toBe(false);
  });

  it('an invalid config is reported as state on the server too', () => {
    const widget = createPaymentWidget({ ...config, checkoutId: 'nope' });
    expect(widget.getSnapshot().error?.code).toBe('INVALID_CHECKOUT_ID');
  });
});
