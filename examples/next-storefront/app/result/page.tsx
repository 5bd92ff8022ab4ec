// The result page, a Server Component: the gateway sends the shopper here
// with ?id=…&resourcePath=…; the page reads the payment with @wpwl/server and
// checks it against the order this shop recorded before saying anything.
import { Suspense } from 'react';
import Link from 'next/link';
import { resultOf } from '../../lib/gateway';

interface ResultPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default function ResultPage({ searchParams }: ResultPageProps) {
  return (
    <main>
      <Suspense fallback={<p>Checking your payment…</p>}>
        <Result searchParams={searchParams} />
      </Suspense>
    </main>
  );
}

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

async function Result({ searchParams }: ResultPageProps) {
  const query = await searchParams;
  const view = await resultOf(single(query.id), single(query.resourcePath));
  if (!view) {
    return (
      <section id="result" data-state="failure">
        <h1 id="result-title">We know of no such payment</h1>
        <p id="result-detail">Nothing was found for this link.</p>
        <Link href="/">Back to the basket</Link>
      </section>
    );
  }
  return (
    <section id="result" data-state={view.state} data-classification={view.classification}>
      <h1 id="result-title">{view.title}</h1>
      <p id="result-detail">{view.detail}</p>
      {view.retry && (
        <a id="try-again" href="/checkout">
          Try again
        </a>
      )}
      {view.state === 'success' && <Link href="/">Back to the shop</Link>}
    </section>
  );
}
