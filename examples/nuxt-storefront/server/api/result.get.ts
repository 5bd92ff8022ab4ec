// GET /api/result?id=…&resourcePath=…: the verified result of a checkout this
// shop prepared, in the shop's words; null for any other.
import { readBasketResult } from '../../../shared/basket-orders';

export default defineEventHandler(async (event) => {
  const query = getQuery(event);
  const single = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return (await readBasketResult(useWpwlGateway(), single(query.id), single(query.resourcePath))) ?? null;
});
