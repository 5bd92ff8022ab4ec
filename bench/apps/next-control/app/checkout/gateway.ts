// The merchant's own call to the gateway, on the server only: a checkout for
// the basket (POST /v1/checkouts) with the widget script's integrity hash, as
// the gateway's guide writes it, with the credentials from the environment.

/** What the page needs of a prepared checkout. */
export interface Checkout {
  id: string;
  integrity: string | undefined;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`next-control: set ${name}`);
  return value;
}

/** The gateway's address as the shopper's browser reaches it (the widget script comes from there). */
export function widgetBaseUrl(): string {
  return required('WPWL_BASE_URL');
}

/** Prepares a checkout for the basket's amount. */
export async function prepareCheckout(): Promise<Checkout> {
  const response = await fetch(`${widgetBaseUrl()}/v1/checkouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${required('WPWL_ACCESS_TOKEN')}` },
    body: new URLSearchParams({
      entityId: required('WPWL_ENTITY_ID'),
      amount: '55.20',
      currency: 'EUR',
      paymentType: 'DB',
      integrity: 'true',
    }),
    cache: 'no-store',
  });
  const body = (await response.json()) as { id?: string; integrity?: string; result?: { description?: string } };
  if (!response.ok || !body.id) throw new Error(`next-control: no checkout (${response.status} ${body.result?.description ?? ''})`);
  return { id: body.id, integrity: body.integrity };
}
