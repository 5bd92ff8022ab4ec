// The public types of webhook reading: a notification narrows on `type` to its
// payload (a payment typed as a status read, a registration with its action),
// unknown types have their own variant, and both entry points take what
// node:http and the Web platform hand over.
import type { IncomingMessage } from 'node:http';
import { describe, expectTypeOf, it } from 'vitest';
import {
  decryptWebhook,
  readWebhook,
  type GatewayClient,
  type PaymentResult,
  type RegistrationAction,
  type RegistrationResult,
  type WebhookHeaders,
  type WebhookInvalidReason,
  type WebhookNotification,
  type WebhookResource,
  type WpwlServerErrorDetails,
} from '../../src/index.js';

declare const notification: WebhookNotification;

describe('WebhookNotification', () => {
  it('narrows on type to its payload', () => {
    switch (notification.type) {
      case 'PAYMENT':
        // The same type getPaymentStatus answers.
        expectTypeOf(notification.payload).toEqualTypeOf<PaymentResult>();
        expectTypeOf(notification.payload).toEqualTypeOf<Awaited<ReturnType<GatewayClient['getPaymentStatus']>>>();
        break;
      case 'REGISTRATION':
        expectTypeOf(notification.action).toEqualTypeOf<RegistrationAction>();
        expectTypeOf(notification.action).toEqualTypeOf<'CREATED' | 'UPDATED' | 'DELETED'>();
        expectTypeOf(notification.payload).toEqualTypeOf<RegistrationResult>();
        expectTypeOf(notification.payload.result.code).toEqualTypeOf<string>();
        break;
      case 'SCHEDULE':
      case 'RISK':
        expectTypeOf(notification.payload).toEqualTypeOf<WebhookResource>();
        expectTypeOf(notification.payload.raw).toEqualTypeOf<Record<string, unknown>>();
        break;
      case 'UNKNOWN':
        expectTypeOf(notification.receivedType).toEqualTypeOf<string>();
        expectTypeOf(notification.payload).toEqualTypeOf<{ raw: Record<string, unknown> }>();
        break;
      default:
        expectTypeOf(notification).toBeNever();
    }
  });

  it('has no action outside registrations and unknown notifications', () => {
    if (notification.type === 'PAYMENT') {
      // @ts-expect-error -- a payment notification has no action
      void notification.action;
    }
  });
});

describe('decryptWebhook and readWebhook', () => {
  it('take a raw body (or the JSON envelope some senders use), node:http or Web headers, and a key', () => {
    expectTypeOf(decryptWebhook).parameter(0).toEqualTypeOf<string | Uint8Array | ArrayBuffer | { encryptedBody: string }>();
    expectTypeOf<IncomingMessage['headers']>().toExtend<WebhookHeaders>();
    expectTypeOf<Headers>().toExtend<WebhookHeaders>();
    // One key, or the current and the previous one while a key is rotated.
    expectTypeOf(decryptWebhook).parameter(2).toEqualTypeOf<string | readonly string[]>();
    expectTypeOf(decryptWebhook).returns.toEqualTypeOf<WebhookNotification>();
    expectTypeOf(decryptWebhook).toBeCallableWith(Buffer.from('00'), { 'x-initialization-vector': 'ab' }, 'k');
    // A parsed JSON body is not a raw body.
    expectTypeOf(decryptWebhook).parameter(0).not.toExtend<Record<string, unknown>>();
  });

  it('readWebhook takes a Request and the key, and answers a promise', () => {
    expectTypeOf(readWebhook).parameter(0).toEqualTypeOf<Request>();
    expectTypeOf(readWebhook).toBeCallableWith(new Request('https://shop.example/'), { key: 'k', maxBytes: 1024 });
    expectTypeOf(readWebhook).returns.toEqualTypeOf<Promise<WebhookNotification>>();
  });

  it('names the refused part in details.reason', () => {
    expectTypeOf<WpwlServerErrorDetails['reason']>().toEqualTypeOf<WebhookInvalidReason | undefined>();
    expectTypeOf<'authentication'>().toExtend<WebhookInvalidReason>();
    expectTypeOf<'signature'>().not.toExtend<WebhookInvalidReason>();
  });
});
