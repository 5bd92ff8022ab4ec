// POST /api/checkout: the merchant's own call to the gateway, on the server
// only: a checkout for the basket (POST /v1/checkouts) with the widget
// script's integrity hash, as the gateway's guide writes it.
export default defineEventHandler(async () => {
  const config = useRuntimeConfig();
  const body = await $fetch<{ id: string; integrity?: string }>(`${config.public.wpwlBaseUrl}/v1/checkouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${config.wpwlAccessToken}` },
    body: new URLSearchParams({
      entityId: config.wpwlEntityId,
      amount: '55.20',
      currency: 'EUR',
      paymentType: 'DB',
      integrity: 'true',
    }),
  });
  return { checkoutId: body.id, integrity: body.integrity };
});
