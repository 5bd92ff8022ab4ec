// Owns what the controller tests share: a valid config with overrides, the
// controllers a test created (destroyed after it), and a container in the
// document.
import { createPaymentWidget, type PaymentWidgetConfig, type PaymentWidgetController } from '../../src/index.js';

export const BASE = 'https://test.gateway.example';
export const ID = '8a8294174b7ecb28014b9699220015ca';
export const ID2 = '8a8294174b7ecb28014b9699220015cb';

/** A valid config for checkout {@link ID}, with `overrides`. */
export const config = (overrides: Partial<PaymentWidgetConfig> = {}): PaymentWidgetConfig =>
  ({
    checkoutId: ID,
    brands: 'VISA MASTER',
    shopperResultUrl: 'https://shop.example/result',
    baseUrl: BASE,
    ...overrides,
  }) as PaymentWidgetConfig;

/** A valid express-checkout config (no checkout id; `createCheckout` answers {@link ID}), with `overrides`. */
export const expressConfig = (overrides: Partial<PaymentWidgetConfig> = {}): PaymentWidgetConfig =>
  ({
    brands: 'GOOGLEPAY PAYPAL',
    shopperResultUrl: 'https://shop.example/result',
    baseUrl: BASE,
    createCheckout: () => ID,
    ...overrides,
  }) as PaymentWidgetConfig;

const controllers: PaymentWidgetController[] = [];

/** Creates a controller that {@link destroyControllers} takes down after the test. */
export function create(cfg: PaymentWidgetConfig): PaymentWidgetController {
  const controller = createPaymentWidget(cfg);
  controllers.push(controller);
  return controller;
}

/** Destroys every controller {@link create} made; call in `afterEach`. */
export function destroyControllers(): void {
  controllers.splice(0).forEach((controller) => controller.destroy());
}

/** An empty container appended to the document's body. */
export function box(): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  return el;
}
