// The result page, a Server Component: the gateway sends the shopper here
// with ?id=…&resourcePath=…; the page reads the payment with @wpwl/server and
// checks it against the order this shop recorded before saying anything, in
// the shopper's language.
import { Suspense } from 'react';
import Link from 'next/link';
import { resultOf } from '../../lib/gateway';
import { requestLanguage } from '../../lib/language';

interface ResultPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function ResultPage({ searchParams }: ResultPageProps) {
  const { texts } = await requestLanguage();
  return (
    <main>
      <Suspense fallback={<p>{texts.result.checking}</p>}>
        <Result searchParams={searchParams} />
      </Suspense>
    </main>
  );
}

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

async function Result({ searchParams }: ResultPageProps) {
  const query = await searchParams;
  const language = await requestLanguage();
  const { texts } = language;
  const view = await resultOf(single(query.id), single(query.resourcePath), language);
  if (!view) {
    return (
      <section id="result" data-state="failure">
        <h1 id="result-title">{texts.result.unknownPaymentTitle}</h1>
        <p id="result-detail">{texts.result.unknownPaymentDetail}</p>
        <Link href="/">{texts.backToBasket}</Link>
      </section>
    );
  }
  return (
    <section id="result" data-state={view.state} data-classification={view.classification}>
      <h1 id="result-title">{view.title}</h1>
      <p id="result-detail">{view.detail}</p>
      {view.retry && (
        <a id="try-again" href="/checkout">
          {texts.tryAgain}
        </a>
      )}
      {view.state === 'success' && <Link href="/">{texts.result.backToShop}</Link>}
    </section>
  );
}
