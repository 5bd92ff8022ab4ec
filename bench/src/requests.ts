// Owns the request count: how many paymentWidgets.js requests the browser
// really sends for each mount and each checkout-id change of a binding, read
// from the page's request log (not from what the page believes it did).
import type { TestBrowser } from '../../e2e/support/browser.js';

/** One binding page's counts. */
export interface RequestCount {
  name: string;
  mounts: number;
  /** paymentWidgets.js requests between each mount and its onReady (and the change that follows). */
  perMount: number[];
  changes: number;
  /** paymentWidgets.js requests for each checkout-id change, up to the unmount. */
  perChange: number[];
  /** For React: how often a mount effect ran per mount (2 = StrictMode double-mounted). */
  effectRunsPerMount?: number;
  /** paymentWidgets.js tags left in the document after the last unmount. */
  tagsLeft: number;
}

/** Mounts, re-points and unmounts the widget `ids.length / 2` times on the page at `url`. */
export async function countScriptRequests(browser: TestBrowser, name: string, url: string, ids: readonly string[]): Promise<RequestCount> {
  const tab = await browser.newPage();
  try {
    await tab.page.goto(url);
    await tab.page.waitForFunction(() => window.__wpwlBench !== undefined);
    const scripts = () => tab.requestsTo('GET', '/v1/paymentWidgets.js').length;
    const perMount: number[] = [];
    const perChange: number[] = [];
    for (let i = 0; i + 1 < ids.length; i += 2) {
      const beforeMount = scripts();
      await tab.page.evaluate((id) => window.__wpwlBench!.mount(id), ids[i]!);
      const beforeChange = scripts();
      perMount.push(beforeChange - beforeMount);
      await tab.page.evaluate((id) => window.__wpwlBench!.change(id), ids[i + 1]!);
      await tab.page.evaluate(() => window.__wpwlBench!.unmount());
      perChange.push(scripts() - beforeChange);
    }
    const { effectRuns, tagsLeft } = await tab.page.evaluate(() => ({
      effectRuns: (window as { __benchEffectRuns?: number }).__benchEffectRuns,
      tagsLeft: document.querySelectorAll('script[src*="/v1/paymentWidgets.js"]').length,
    }));
    if (tab.errors.length) throw new Error(`${name}: page errors: ${tab.errors.join('; ')}`);
    return {
      name,
      mounts: perMount.length,
      perMount,
      changes: perChange.length,
      perChange,
      ...(effectRuns === undefined ? {} : { effectRunsPerMount: effectRuns / perMount.length }),
      tagsLeft,
    };
  } finally {
    await tab.close();
  }
}
