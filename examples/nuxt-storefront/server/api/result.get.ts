// GET /api/result?id=…&resourcePath=…&lang=…: the verified result of a
// checkout this shop prepared, in the shop's words in the page's language
// (`lang`, its tag: English unless it is Arabic); null for any other.
import { readBasketResult } from '../../../shared/basket-orders';
import { shopLanguage } from '../../../shared/shop-language';

export default defineEventHandler(async (event) => {
  const query = getQuery(event);
  const single = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const lang = single(query.lang);
  const language = shopLanguage(lang ? [lang] : []);
  return (await readBasketResult(useWpwlGateway(), single(query.id), single(query.resourcePath), language)) ?? null;
});
