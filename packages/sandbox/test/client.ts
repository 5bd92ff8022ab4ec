// A small HTTP client for the sandbox tests: form-encoded requests with or
// without the merchant's Bearer token, JSON answers.

import { startSandbox, type Sandbox, type SandboxOptions } from '@wpwl/sandbox';

export interface Answer {
  status: number;
  // Response bodies are JSON of the interface; tests read fields by name.
  body: any;
  headers: Headers;
}

export type Auth = 'merchant' | 'none' | { header: string };

export const SUCCESS_CARD = {
  paymentBrand: 'VISA',
  'card.number': '4200000000000000',
  'card.holder': 'Jane Jones',
  'card.expiryMonth': '05',
  'card.expiryYear': '2034',
  'card.cvv': '123',
};

export class Client {
  constructor(readonly sandbox: Sandbox) {}

  async request(
    method: 'GET' | 'POST' | 'OPTIONS',
    path: string,
    params: Record<string, string> = {},
    auth: Auth = 'merchant',
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (auth === 'merchant') headers.Authorization = `Bearer ${this.sandbox.accessToken}`;
    else if (auth !== 'none') headers.Authorization = auth.header;
    const query = new URLSearchParams(params).toString();
    const url = method === 'GET' && query ? `${this.sandbox.url}${path}?${query}` : `${this.sandbox.url}${path}`;
    let body: string | undefined;
    if (method === 'POST') {
      body = query;
      headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
    }
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').startsWith('application/json')) parsed = JSON.parse(text);
    return { status: res.status, body: parsed, headers: res.headers };
  }

  checkoutParams(extra: Record<string, string> = {}): Record<string, string> {
    return { entityId: this.sandbox.entityId, amount: '92.00', currency: 'EUR', paymentType: 'DB', ...extra };
  }

  /** Prepares a checkout and returns its id. */
  async checkout(extra: Record<string, string> = {}): Promise<string> {
    const answer = await this.request('POST', '/v1/checkouts', this.checkoutParams(extra));
    if (answer.status !== 200) throw new Error(`checkout failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.id as string;
  }

  /** The shopper's submission from the widget (no Authorization header). */
  shopperPays(checkoutId: string, card: Record<string, string> = {}): Promise<Answer> {
    return this.request('POST', `/v1/checkouts/${checkoutId}/payment`, { ...SUCCESS_CARD, ...card }, 'none');
  }

  /** The merchant's status read of a checkout. */
  status(checkoutId: string): Promise<Answer> {
    return this.request('GET', `/v1/checkouts/${checkoutId}/payment`, { entityId: this.sandbox.entityId });
  }

  /** A direct server-to-server payment. */
  pay(extra: Record<string, string> = {}): Promise<Answer> {
    return this.request('POST', '/v1/payments', { ...this.checkoutParams(), ...SUCCESS_CARD, ...extra });
  }

  /** A referencing request (CP, RV, RF) on payment `id`. */
  reference(id: string, paymentType: string, extra: Record<string, string> = {}): Promise<Answer> {
    return this.request('POST', `/v1/payments/${id}`, { entityId: this.sandbox.entityId, paymentType, ...extra });
  }
}

/** Starts a sandbox on an ephemeral loopback port with a client for it. */
export async function openSandbox(options: SandboxOptions = {}): Promise<Client> {
  return new Client(await startSandbox({ port: 0, ...options }));
}
