// Owns what runs inside the page before its own scripts (an init script of
// the top frame): it watches <script> elements as they are added and removed,
// the CSP violations the page reports, and the first assignment of
// `wpwlOptions`, and sends each to the doctor through a binding. It changes
// nothing the page can observe but a window.wpwlOptions accessor that turns
// into a plain property on its first assignment.

/** What the probe sends, one message per event. */
export type ProbeMessage =
  | {
      kind: 'script';
      src: string;
      text: string;
      nonce: string;
      integrity: string;
      crossOrigin: string | null;
      type: string;
    }
  | { kind: 'widget-tags'; count: number }
  | { kind: 'violation'; directive: string; blockedUri: string; sample: string; disposition: string }
  | { kind: 'options'; widgetRan: boolean };

/** The name of the binding the probe reports through. */
export const PROBE_BINDING = '__wpwlDoctorProbe';

/**
 * The init script. Serialized by Playwright and run in every frame before the
 * page's scripts; it does its work in the top frame only.
 */
export function probe(binding: string): void {
  if (window !== window.top) return;
  const send = (message: ProbeMessage) => {
    const report = (window as unknown as Record<string, (text: string) => void>)[binding];
    if (typeof report === 'function') void Promise.resolve(report(JSON.stringify(message))).catch(() => undefined);
  };
  const seen = new WeakSet<Node>();
  const isWidgetTag = (node: Element) => node.tagName === 'SCRIPT' && /\/paymentWidgets\.js(\?|$)/.test((node as HTMLScriptElement).src);
  const countWidgetTags = () => {
    const count = Array.from(document.querySelectorAll('script[src]')).filter(isWidgetTag).length;
    send({ kind: 'widget-tags', count });
  };
  const record = (script: HTMLScriptElement) => {
    if (seen.has(script)) return;
    seen.add(script);
    send({
      kind: 'script',
      src: script.src,
      text: script.src ? '' : (script.textContent ?? ''),
      nonce: script.nonce ?? '',
      integrity: script.getAttribute('integrity') ?? '',
      crossOrigin: script.getAttribute('crossorigin'),
      type: script.type,
    });
  };
  new MutationObserver((mutations) => {
    let widgetChanged = false;
    for (const mutation of mutations) {
      for (const node of Array.from(mutation.addedNodes)) {
        if (!(node instanceof Element)) continue;
        const scripts = node.tagName === 'SCRIPT' ? [node] : Array.from(node.querySelectorAll('script'));
        for (const script of scripts) {
          record(script as HTMLScriptElement);
          if (isWidgetTag(script)) widgetChanged = true;
        }
      }
      for (const node of Array.from(mutation.removedNodes)) {
        if (node instanceof Element && (isWidgetTag(node) || node.querySelector('script[src*="paymentWidgets.js"]'))) widgetChanged = true;
      }
    }
    if (widgetChanged) countWidgetTags();
  }).observe(document, { childList: true, subtree: true });

  document.addEventListener('securitypolicyviolation', (event) => {
    send({
      kind: 'violation',
      directive: event.effectiveDirective,
      blockedUri: event.blockedURI,
      sample: event.sample,
      disposition: event.disposition,
    });
  });

  // wpwlOptions: the first assignment says whether the widget (window.wpwl) was already running.
  try {
    Object.defineProperty(window, 'wpwlOptions', {
      configurable: true,
      enumerable: true,
      get: () => undefined,
      set(value: unknown) {
        Object.defineProperty(window, 'wpwlOptions', { value, writable: true, configurable: true, enumerable: true });
        send({ kind: 'options', widgetRan: (window as unknown as { wpwl?: unknown }).wpwl !== undefined });
      },
    });
  } catch {
    // A page that defined it first: the order is not known then.
  }
}
