'use client';
// The merchant's own component around the widget, no wpwl code: an effect
// keyed on the checkout sets wpwlOptions and adds the widget's script tag
// (with its integrity hash) for the form it renders; its cleanup unloads the
// widget and removes what the effect and the widget added. The page says
// ready as every bench page does (data-wpwl-ready on <html>, from onReady),
// and the wrapper carries the status like the bindings' (data-wpwl-status).
import { useEffect, useState } from 'react';

declare global {
  interface Window {
    wpwlOptions?: Record<string, unknown>;
    wpwl?: { unload(): void };
  }
}

export function HandWrittenWidget({
  checkoutId,
  integrity,
  baseUrl,
  shopperResultUrl,
}: {
  checkoutId: string;
  integrity: string | undefined;
  baseUrl: string;
  shopperResultUrl: string;
}) {
  const [status, setStatus] = useState('loading');
  useEffect(() => {
    window.wpwlOptions = {
      locale: 'en',
      onReady: () => {
        document.documentElement.setAttribute('data-wpwl-ready', '');
        setStatus('ready');
      },
      onError: (error: { name: string; message: string }) => {
        console.error(`widget error ${error.name}: ${error.message}`);
        setStatus('error');
      },
    };
    const script = document.createElement('script');
    script.src = `${baseUrl}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(checkoutId)}`;
    if (integrity) {
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
    }
    document.head.append(script);
    return () => {
      window.wpwl?.unload();
      for (const tag of Array.from(document.scripts)) if (tag.src.startsWith(`${baseUrl}/`)) tag.remove();
      delete window.wpwlOptions;
      delete window.wpwl;
    };
  }, [checkoutId, integrity, baseUrl]);
  return (
    <div className="payment-widget" data-wpwl-status={status}>
      <form key={checkoutId} className="paymentWidgets" action={shopperResultUrl} data-brands="VISA MASTER AMEX" />
    </div>
  );
}
