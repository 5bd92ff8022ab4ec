// Merchant-backend calls the tests make against the sandbox, server-side with
// the Bearer token (never from the browser): prepare a checkout, read a
// payment status. Plain HTTP so the harness depends on the interface alone.

/** What the tests need of a running gateway. */
export interface GatewayAccess {
  url: string;
  accessToken: string;
  entityId: string;
}

/** A prepared checkout. */
export interface Checkout {
  id: string;
  /** `sha384-…` of the widget script, when prepared with `integrity: true`. */
  integrity?: string;
  /** The whole JSON body. */
  body: Record<string, unknown>;
}

/**
 * Prepares a checkout (`POST /v1/checkouts`).
 *
 * @param params extra form parameters; amount 92.00 EUR, payment type DB unless overridden.
 * @throws Error with the status and body when the gateway does not answer 200.
 */
export async function createCheckout(gateway: GatewayAccess, params: Record<string, string | boolean> = {}): Promise<Checkout> {
  const form = new URLSearchParams({ entityId: gateway.entityId, amount: '92.00', currency: 'EUR', paymentType: 'DB' });
  for (const [name, value] of Object.entries(params)) form.set(name, String(value));
  const response = await fetch(`${gateway.url}/v1/checkouts`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${gateway.accessToken}`,
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
    },
    body: form.toString(),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200 || typeof body.id !== 'string') {
    throw new Error(`prepare checkout failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return {
    id: body.id,
    integrity: typeof body.integrity === 'string' ? body.integrity : undefined,
    body,
  };
}

/** A payment status read: HTTP status and the JSON body. */
export interface PaymentStatus {
  status: number;
  body: { result?: { code?: string; description?: string }; [field: string]: unknown };
}

/** Reads the payment status at `resourcePath` (`GET {base}{resourcePath}?entityId=…`). */
export async function readPaymentStatus(gateway: GatewayAccess, resourcePath: string): Promise<PaymentStatus> {
  const url = new URL(gateway.url + resourcePath);
  url.searchParams.set('entityId', gateway.entityId);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${gateway.accessToken}` } });
  return { status: response.status, body: (await response.json()) as PaymentStatus['body'] };
}
