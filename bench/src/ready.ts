// Owns the time-to-ready measure: the hand-written baseline page and one
// page per binding, each opened in a fresh browser context (a first visit:
// no cache, no open connection), in an order that rotates every round, and
// timed from navigation start to the widget's onReady.
import type { TestBrowser } from '../../e2e/support/browser.js';
import { median, percentile, round } from './stats.js';

/** One page under test. */
export interface ReadyVariant {
  name: string;
  /** Page URL without query; `?base=…&checkoutId=…` is appended per load. */
  url: string;
  /** Loaded only under the condition with this label; default: under every condition. */
  onlyUnder?: string;
  /** Shown for what it teaches, not judged against a goal. */
  informational?: boolean;
}

/** What one load measured, in ms after navigation start. */
export interface LoadTiming {
  ready: number;
  /** When the browser started the paymentWidgets.js request. */
  scriptRequested: number;
  domContentLoaded: number;
  /** When the page's own bundle ran (bench pages only; NaN for the hand-written page). */
  pageCodeRan: number;
}

/** One variant's summary under one condition. */
export interface VariantSummary {
  name: string;
  informational?: boolean;
  loads: number;
  medianMs: number;
  p90Ms: number;
  /** Median time-to-ready over the baseline's median. */
  ratioToRaw: number;
  scriptRequestedMedianMs: number;
  domContentLoadedMedianMs: number;
  /** Median of when the page's bundle ran; null for the hand-written page. */
  pageCodeRanMedianMs: number | null;
  /** Every load's time-to-ready, in the order measured. */
  readyMs: number[];
}

/** One condition: a gateway (answering at once, or with a delay) and the checkouts prepared on it. */
export interface ReadyCondition {
  label: string;
  gatewayUrl: string;
  /** One checkout id per load, consumed in order. */
  checkoutIds: string[];
}

// Every page, the baseline included, says ready by setting data-wpwl-ready on
// <html> from its onReady; this records the moment the same way on each.
const OBSERVE_READY = `(() => {
  new MutationObserver((records, observer) => {
    if (document.documentElement && document.documentElement.hasAttribute('data-wpwl-ready')) {
      window.__benchReadyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-wpwl-ready'] });
})();`;

/** Loads `url` once in a new context; rejects on a widget error, a console error or more than one script request. */
export async function loadOnce(browser: TestBrowser, url: string): Promise<LoadTiming> {
  const tab = await browser.newPage();
  try {
    await tab.page.addInitScript({ content: OBSERVE_READY });
    await tab.page.goto(url, { waitUntil: 'commit' });
    await tab.page.waitForFunction(
      () => {
        const w = window as { __benchReadyAt?: number; __wpwlError?: string };
        return w.__benchReadyAt !== undefined || w.__wpwlError !== undefined;
      },
      undefined,
      { timeout: 20_000 },
    );
    const result = await tab.page.evaluate(() => {
      const w = window as { __benchReadyAt?: number; __wpwlError?: string; __wpwlPageRanAt?: number };
      const script = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/v1/paymentWidgets.js'));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return {
        ready: w.__benchReadyAt,
        error: w.__wpwlError,
        scriptRequested: script?.startTime ?? Number.NaN,
        domContentLoaded: navigation?.domContentLoadedEventStart ?? Number.NaN,
        pageCodeRan: w.__wpwlPageRanAt ?? Number.NaN,
      };
    });
    if (result.ready === undefined) throw new Error(`${url}: widget error ${result.error}`);
    const scripts = tab.requestsTo('GET', '/v1/paymentWidgets.js').length;
    if (scripts !== 1) throw new Error(`${url}: ${scripts} paymentWidgets.js requests, expected 1`);
    if (tab.errors.length) throw new Error(`${url}: page errors: ${tab.errors.join('; ')}`);
    return {
      ready: result.ready,
      scriptRequested: result.scriptRequested,
      domContentLoaded: result.domContentLoaded,
      pageCodeRan: result.pageCodeRan,
    };
  } finally {
    await tab.close();
  }
}

/**
 * Measures every variant `rounds` times under each condition; `variants[0]`
 * is the baseline the ratios refer to. Within a round every condition and
 * every variant loads once; the variants' order is rotated by one each round
 * and reversed every other round, so that no variant is always first or
 * always follows the same one. One unmeasured warm-up round comes first.
 */
export async function measureTimeToReady(
  browser: TestBrowser,
  variants: readonly ReadyVariant[],
  conditions: readonly ReadyCondition[],
  rounds: number,
  progress: (line: string) => void,
): Promise<{ label: string; variants: VariantSummary[] }[]> {
  const lineups = conditions.map((condition) => variants.filter((v) => !v.onlyUnder || v.onlyUnder === condition.label));
  const timings = lineups.map((lineup) => lineup.map((): LoadTiming[] => []));
  const used = conditions.map(() => 0);
  const open = async (c: number, v: number) => {
    const condition = conditions[c]!;
    const checkoutId = condition.checkoutIds[used[c]!++];
    if (!checkoutId) throw new Error(`${condition.label}: ran out of prepared checkouts`);
    const query = new URLSearchParams({ base: condition.gatewayUrl, checkoutId });
    return loadOnce(browser, `${lineups[c]![v]!.url}?${query}`);
  };

  for (let pass = -1; pass < rounds; pass++) {
    for (let c = 0; c < conditions.length; c++) {
      const n = lineups[c]!.length;
      for (let i = 0; i < n; i++) {
        const step = pass % 2 ? n - 1 - i : i;
        const v = (step + Math.max(pass, 0)) % n;
        const timing = await open(c, v);
        if (pass >= 0) timings[c]![v]!.push(timing);
      }
    }
    if (pass >= 0 && (pass + 1) % 10 === 0) progress(`time-to-ready: ${pass + 1}/${rounds} rounds`);
  }

  return conditions.map((condition, c) => {
    const rawMedian = median(timings[c]![0]!.map((t) => t.ready));
    return {
      label: condition.label,
      variants: lineups[c]!.map((variant, v) => {
        const samples = timings[c]![v]!;
        const ready = samples.map((t) => t.ready);
        const readyMedian = median(ready);
        return {
          name: variant.name,
          ...(variant.informational ? { informational: true } : {}),
          loads: samples.length,
          medianMs: round(readyMedian),
          p90Ms: round(percentile(ready, 90)),
          ratioToRaw: round(readyMedian / rawMedian, 2),
          scriptRequestedMedianMs: round(median(samples.map((t) => t.scriptRequested))),
          domContentLoadedMedianMs: round(median(samples.map((t) => t.domContentLoaded))),
          pageCodeRanMedianMs: samples.some((t) => Number.isNaN(t.pageCodeRan)) ? null : round(median(samples.map((t) => t.pageCodeRan))),
          readyMs: ready.map((value) => round(value)),
        };
      }),
    };
  });
}
