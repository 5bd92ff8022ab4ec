// Owns the time-to-ready measure: the hand-written baseline page and one
// page per binding, each opened in a fresh browser context (a first visit:
// no cache, no open connection), in an order that rotates every round, and
// timed from navigation start to the widget's onReady. The browser is driven
// over the bare DevTools protocol (cdp.ts): a test driver's network log would
// charge each page for the stack of every request its scripts start.
import { waitUntil, type CdpBrowser } from './cdp.js';
import { median, percentile, round } from './stats.js';

/** One page under test. */
export interface ReadyVariant {
  name: string;
  /**
   * Page URL without query; `?base=…&checkoutId=…` is appended per load. A
   * function gives a URL per condition (a server-rendered page on a server
   * talking to that condition's gateway).
   */
  url: string | ((conditionLabel: string) => string);
  /** The page prepares its own checkout on its server while rendering: no query, no prepared checkout used. */
  preparesOwnCheckout?: boolean;
  /** The variant this one is compared with (its same-framework control, or the hand-written page). */
  control?: string;
  /** Which goal judges the comparison with `control` (the targets are in report.ts). */
  goal?: ReadyGoal;
  /** Loaded only under the condition with this label; default: under every condition. */
  onlyUnder?: string;
  /** Shown for what it teaches, not judged against a goal. */
  informational?: boolean;
  /**
   * The page's own scripts, by a part of their URL, are refused (the load
   * ends when the server's HTML alone has made the widget ready): how fast a
   * server-rendered page can be before its framework's JavaScript competes.
   */
  blockOwnScripts?: string;
}

/**
 * `same-framework`: a binding against the same page written by hand in its
 * framework (the custom element against a hand-written LitElement);
 * `server-rendered`: a server-rendered checkout page against the same page
 * written by hand in its framework and rendered by its server the same way
 * (the raw page beside it as the floor).
 */
export type ReadyGoal = 'same-framework' | 'server-rendered';

/** What one load measured, in ms after navigation start. */
export interface LoadTiming {
  ready: number;
  /** When the browser started the paymentWidgets.js request. */
  scriptRequested: number;
  /**
   * When the widget's script had run: it asks for its follow-up script
   * (static.min.js) first thing. The script runs once it has arrived, its tag
   * is in the page and the page's main thread is free.
   */
  widgetRan: number;
  domContentLoaded: number;
  /** When the page's own bundle ran (bench pages only; NaN for the hand-written page). */
  pageCodeRan: number;
  /**
   * When the widget's script tag was put into the page (the raw page: while
   * its head is parsed; a binding: when it mounts, after its framework has
   * rendered or hydrated). Its download may have started earlier (a preload).
   */
  scriptTagAdded: number;
  /**
   * When the binding's own wrapper said ready (NaN where there is none, the
   * hand-written page): for a widget the server's HTML started, when the
   * binding had taken it over after hydration.
   */
  bindingReady: number;
  /** With `--cpu`: the main thread's CPU time before the tag, and before ready (NaN otherwise). */
  cpuBeforeTag: number;
  cpuBeforeReady: number;
}

/** A variant's time-to-ready next to the variant it is compared with, over every run. */
export interface ControlComparison {
  name: string;
  /** The control's median over every load of every run. */
  medianMs: number;
  loads: number;
  /** The median of the per-run ratios (this variant's median over the control's, within one run). */
  ratio: number;
  /** The lowest and highest per-run ratio: the spread between runs. */
  ratioMin: number;
  ratioMax: number;
  /** Each run's ratio, in run order. */
  runRatios: number[];
}

/** One variant's summary under one condition, over every run. */
export interface VariantSummary {
  name: string;
  informational?: boolean;
  /** Loads over every run. */
  loads: number;
  /** Median over every load of every run. */
  medianMs: number;
  p90Ms: number;
  /** Each run's median, in run order. */
  runMediansMs: number[];
  /** Median of the per-run ratios to the baseline. */
  ratioToRaw: number;
  /** The variant compared with, and this one's ratio to it. */
  control?: ControlComparison;
  goal?: ReadyGoal;
  scriptRequestedMedianMs: number;
  /** Median of when the widget's script had run (its follow-up requested). */
  widgetRanMedianMs?: number;
  domContentLoadedMedianMs: number;
  /** Median of when the page's bundle ran; null for the hand-written page. */
  pageCodeRanMedianMs: number | null;
  /** Median of when the widget's script tag was put into the page. */
  scriptTagAddedMedianMs: number;
  /** Median of when the binding's wrapper said ready; null where there is none. */
  bindingReadyMedianMs?: number | null;
  /** With `--cpu`: medians of the main thread's CPU time before the tag and before ready. */
  cpuBeforeTagMedianMs?: number;
  cpuBeforeReadyMedianMs?: number;
  /** Every load's time-to-ready, run after run, in the order measured. */
  readyMs: number[];
}

/**
 * A slow phone, emulated for every load of a condition: the renderer's CPU
 * slowed down (`Emulation.setCPUThrottlingRate`) and the network shaped
 * (`Network.emulateNetworkConditions`: a latency added to every request, and
 * the bandwidth capped each way).
 */
export interface Throttle {
  /** How many times slower the page's CPU runs (Chromium's 4× is a mid-range phone). */
  cpuRate: number;
  /** Added to every request's round trip, ms. */
  latencyMs: number;
  /** Download and upload bandwidth, kilobits a second. */
  downloadKbps: number;
  uploadKbps: number;
}

/** One run's loads under one condition: every variant of its lineup with its timings, in lineup order. */
export interface ReadyRunCondition {
  label: string;
  throttle?: Throttle;
  variants: { variant: ReadyVariant; timings: LoadTiming[] }[];
}

/** One condition: a gateway (answering at once, or with a delay) and the checkouts prepared on it. */
export interface ReadyCondition {
  label: string;
  gatewayUrl: string;
  /** One checkout id per load, consumed in order. */
  checkoutIds: string[];
  /** Every load of this condition on an emulated slow phone. */
  throttle?: Throttle;
  /** Measured rounds of this condition, if fewer than the run's (a throttled load takes seconds). */
  rounds?: number;
}

// Every bench page, the baseline included, says ready by setting
// data-wpwl-ready on <html> from its onReady; a server-rendered storefront
// cannot take a callback from its server page, so there the widget's own
// marker counts, data-wpwl-status="ready": on the element the server's HTML
// started the widget in (core's widgetStartHtml), set by the widget's onReady
// itself, or else on the binding's wrapper (set in the render after onReady:
// if anything, later). This records the first of them the same way on every
// page, and apart from it when the binding's wrapper says so (the binding has
// taken a server-started widget over), and when the widget's script tag first
// appears.
const OBSERVE_READY = `(() => {
  const ready = () => document.documentElement && (document.documentElement.hasAttribute('data-wpwl-ready') || document.querySelector('[data-wpwl-status="ready"]'));
  new MutationObserver((records, observer) => {
    if (window.__benchTagAt === undefined && document.querySelector('script[src*="/v1/paymentWidgets.js"]')) window.__benchTagAt = performance.mark('wpwl-bench-tag').startTime;
    if (window.__benchReadyAt === undefined && ready()) window.__benchReadyAt = performance.mark('wpwl-bench-ready').startTime;
    if (document.querySelector('[data-wpwl-status="ready"]:not([data-wpwl-early])')) {
      window.__benchBindingReadyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-wpwl-ready', 'data-wpwl-status'] });
})();`;

// Errors are collected in the page, since nothing listens to the protocol's
// events: uncaught exceptions and rejections, console.error, and a script or
// stylesheet that failed to load (an error event on an element, seen in the
// capture phase).
const COLLECT_ERRORS = `(() => {
  const errors = (window.__benchErrors = []);
  const describe = (value) => (value instanceof Error ? value.message : String(value));
  addEventListener('error', (event) => {
    const target = event.target;
    errors.push(target instanceof Element ? 'failed to load ' + (target.src || target.href || target.tagName) : describe(event.error ?? event.message));
  }, true);
  addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + describe(event.reason)));
  const consoleError = console.error;
  console.error = (...args) => {
    errors.push(args.map(describe).join(' '));
    consoleError.apply(console, args);
  };
})();`;

/** How often the runner asks the page whether it is ready (the page itself records when). */
const POLL_MS = 20;
const LOAD_TIMEOUT_MS = 20_000;

/** A Chromium trace event, as far as the CPU count reads it. */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time the event took, µs. */
  tdur?: number;
}

/**
 * The CPU time, in ms, the main thread of the page's renderer spent in its
 * tasks before the user-timing mark `mark` (the task running at the mark
 * counted in proportion): the page's own work, whatever else the machine runs.
 */
function mainThreadCpuBefore(events: readonly TraceEvent[], mark: string): number {
  const at = events.find((event) => event.name === mark);
  if (!at) return Number.NaN;
  let micros = 0;
  for (const task of events) {
    if (task.pid !== at.pid || task.tid !== at.tid || task.ph !== 'X' || task.name !== 'ThreadControllerImpl::RunTask' || task.ts >= at.ts)
      continue;
    const share = task.dur ? Math.min(1, (at.ts - task.ts) / task.dur) : 1;
    micros += (task.tdur ?? 0) * share;
  }
  return micros / 1000;
}

/**
 * Loads `url` once in a new context; rejects on a widget error, a page error
 * or more than one script request. With `untilBindingReady`, the load ends
 * only once the binding's wrapper says ready too (a server-started widget
 * taken over after hydration), so that what hydration does is checked as well.
 * With `cpu`, the load is traced (Chromium's top-level tasks only) for the
 * main thread's CPU time before the widget's tag and before ready.
 */
export async function loadOnce(
  browser: CdpBrowser,
  url: string,
  {
    untilBindingReady = false,
    cpu = false,
    blockOwnScripts,
    throttle,
  }: { untilBindingReady?: boolean; cpu?: boolean; blockOwnScripts?: string; throttle?: Throttle } = {},
): Promise<LoadTiming> {
  const events: TraceEvent[] = [];
  let traced: Promise<unknown> | undefined;
  const tab = await browser.openFresh(url, `${COLLECT_ERRORS}\n${OBSERVE_READY}`, async (page) => {
    if (throttle) {
      await page.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuRate });
      // The shaping applies to the page's requests once its network domain is on; the agent keeps no
      // response bodies (buffers of 0 bytes), and every throttled page pays the same for it.
      await page.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
      await page.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: throttle.latencyMs,
        downloadThroughput: (throttle.downloadKbps * 1000) / 8,
        uploadThroughput: (throttle.uploadKbps * 1000) / 8,
      });
    }
    if (blockOwnScripts) {
      // Only the matching requests are held by the protocol, and refused; every other one goes untouched.
      page.on('Fetch.requestPaused', (params) => {
        void page.send('Fetch.failRequest', { requestId: params.requestId, errorReason: 'BlockedByClient' }).catch(() => {});
      });
      await page.send('Fetch.enable', { patterns: [{ urlPattern: `*${blockOwnScripts}*`, requestStage: 'Request' }] });
    }
    if (cpu) {
      page.on('Tracing.dataCollected', (params) => events.push(...(params.value as TraceEvent[])));
      traced = new Promise((resolve) => page.on('Tracing.tracingComplete', resolve));
      await page.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReportEvents' });
    }
  });
  try {
    const ready = untilBindingReady ? 'window.__benchBindingReadyAt !== undefined' : 'window.__benchReadyAt !== undefined';
    const settled = `${ready} || window.__wpwlError !== undefined`;
    if (!(await waitUntil(tab, settled, { timeoutMs: LOAD_TIMEOUT_MS, pollMs: POLL_MS }))) {
      const state = await tab
        .evaluate<string>('JSON.stringify({ at: location.href, readyState: document.readyState, errors: window.__benchErrors })')
        .catch((error: Error) => error.message);
      throw new Error(`${url}: not ready within ${LOAD_TIMEOUT_MS / 1000} s (${state})`);
    }
    const result = await tab.evaluate<{
      ready?: number;
      error?: string;
      errors: string[];
      scriptRequests: number;
      // null where the page has no such moment (a protocol value cannot be NaN)
      scriptRequested: number | null;
      widgetRan: number | null;
      domContentLoaded: number | null;
      pageCodeRan: number | null;
      scriptTagAdded: number | null;
      bindingReady: number | null;
    }>(`(() => {
      const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/v1/paymentWidgets.js'));
      const navigation = performance.getEntriesByType('navigation')[0];
      return {
        ready: window.__benchReadyAt,
        error: window.__wpwlError,
        errors: window.__benchErrors,
        scriptRequests: scripts.length,
        scriptRequested: scripts[0]?.startTime ?? null,
        widgetRan: performance.getEntriesByType('resource').find((entry) => entry.name.includes('/static.min.js'))?.startTime ?? null,
        domContentLoaded: navigation?.domContentLoadedEventStart ?? null,
        pageCodeRan: window.__wpwlPageRanAt ?? null,
        scriptTagAdded: window.__benchTagAt ?? null,
        bindingReady: window.__benchBindingReadyAt ?? null,
      };
    })()`);
    if (result.ready === undefined) throw new Error(`${url}: widget error ${result.error}`);
    // Resource Timing has an entry per fetch: a preload the script tag reuses is one.
    if (result.scriptRequests !== 1) throw new Error(`${url}: ${result.scriptRequests} paymentWidgets.js requests, expected 1`);
    // A refused script of the page's own is the point of such a load, not an error.
    const errors = result.errors.filter(
      (error) => !(blockOwnScripts && error.startsWith('failed to load') && error.includes(blockOwnScripts)),
    );
    if (errors.length) throw new Error(`${url}: page errors: ${errors.join('; ')}`);
    if (cpu) {
      await tab.send('Tracing.end');
      await traced;
    }
    return {
      ready: result.ready,
      scriptRequested: result.scriptRequested ?? Number.NaN,
      widgetRan: result.widgetRan ?? Number.NaN,
      domContentLoaded: result.domContentLoaded ?? Number.NaN,
      pageCodeRan: result.pageCodeRan ?? Number.NaN,
      scriptTagAdded: result.scriptTagAdded ?? Number.NaN,
      bindingReady: result.bindingReady ?? Number.NaN,
      cpuBeforeTag: cpu ? mainThreadCpuBefore(events, 'wpwl-bench-tag') : Number.NaN,
      cpuBeforeReady: cpu ? mainThreadCpuBefore(events, 'wpwl-bench-ready') : Number.NaN,
    };
  } finally {
    await tab.close();
  }
}

/**
 * One run: measures every variant `rounds` times under each condition.
 * Within a round every condition and every variant loads once; the variants'
 * order is rotated by one each round and reversed every other round, so that
 * no variant is always first or always follows the same one. One unmeasured
 * warm-up round comes first.
 */
export async function measureTimeToReady(
  browser: CdpBrowser,
  variants: readonly ReadyVariant[],
  conditions: readonly ReadyCondition[],
  rounds: number,
  progress: (line: string) => void,
  cpu = false,
): Promise<ReadyRunCondition[]> {
  const lineups = conditions.map((condition) => variants.filter((v) => !v.onlyUnder || v.onlyUnder === condition.label));
  const timings = lineups.map((lineup) => lineup.map((): LoadTiming[] => []));
  const used = conditions.map(() => 0);
  const open = async (c: number, v: number) => {
    const condition = conditions[c]!;
    const variant = lineups[c]![v]!;
    const url = typeof variant.url === 'function' ? variant.url(condition.label) : variant.url;
    const throttle = condition.throttle;
    if (variant.preparesOwnCheckout)
      return loadOnce(browser, url, {
        untilBindingReady: !variant.blockOwnScripts,
        cpu,
        blockOwnScripts: variant.blockOwnScripts,
        throttle,
      });
    const checkoutId = condition.checkoutIds[used[c]!++];
    if (!checkoutId) throw new Error(`${condition.label}: ran out of prepared checkouts`);
    const query = new URLSearchParams({ base: condition.gatewayUrl, checkoutId });
    return loadOnce(browser, `${url}?${query}`, { cpu, throttle });
  };

  for (let pass = -1; pass < rounds; pass++) {
    for (let c = 0; c < conditions.length; c++) {
      if (pass >= (conditions[c]!.rounds ?? rounds)) continue;
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
  return conditions.map((condition, c) => ({
    label: condition.label,
    ...(condition.throttle ? { throttle: condition.throttle } : {}),
    variants: lineups[c]!.map((variant, v) => ({ variant, timings: timings[c]![v]! })),
  }));
}

/**
 * Summarizes runs of {@link measureTimeToReady} (each over the same variants
 * and conditions): per variant the medians over every load, and each ratio as
 * the median of the per-run ratios with their spread, so that one run's noise
 * shows as a range instead of moving the figure. The first variant of each
 * condition is the baseline of `ratioToRaw`.
 */
export function summarizeRuns(runs: readonly ReadyRunCondition[][]): { label: string; throttle?: Throttle; variants: VariantSummary[] }[] {
  const first = runs[0] ?? [];
  return first.map((condition, c) => {
    const perRun = runs.map((run) => run[c]!);
    const runMedian = (r: number, name: string) => {
      const found = perRun[r]!.variants.find((entry) => entry.variant.name === name);
      if (!found) throw new Error(`${condition.label}: no variant "${name}" to compare with`);
      return median(found.timings.map((t) => t.ready));
    };
    const all = (name: string) => perRun.flatMap((run) => run.variants.find((entry) => entry.variant.name === name)?.timings ?? []);
    const ratios = (name: string, to: string) => perRun.map((_, r) => runMedian(r, name) / runMedian(r, to));
    const baseline = condition.variants[0]!.variant.name;
    return {
      label: condition.label,
      ...(condition.throttle ? { throttle: condition.throttle } : {}),
      variants: condition.variants.map(({ variant }) => {
        const samples = all(variant.name);
        const ready = samples.map((t) => t.ready);
        let control: ControlComparison | undefined;
        if (variant.control) {
          const controlReady = all(variant.control).map((t) => t.ready);
          const runRatios = ratios(variant.name, variant.control);
          control = {
            name: variant.control,
            medianMs: round(median(controlReady)),
            loads: controlReady.length,
            ratio: round(median(runRatios), 2),
            ratioMin: round(Math.min(...runRatios), 2),
            ratioMax: round(Math.max(...runRatios), 2),
            runRatios: runRatios.map((ratio) => round(ratio, 3)),
          };
        }
        return {
          name: variant.name,
          ...(variant.informational ? { informational: true } : {}),
          ...(variant.goal ? { goal: variant.goal } : {}),
          ...(control ? { control } : {}),
          loads: samples.length,
          medianMs: round(median(ready)),
          p90Ms: round(percentile(ready, 90)),
          runMediansMs: perRun.map((_, r) => round(runMedian(r, variant.name))),
          ratioToRaw: round(median(ratios(variant.name, baseline)), 2),
          scriptRequestedMedianMs: round(median(samples.map((t) => t.scriptRequested))),
          widgetRanMedianMs: round(median(samples.map((t) => t.widgetRan))),
          domContentLoadedMedianMs: round(median(samples.map((t) => t.domContentLoaded))),
          scriptTagAddedMedianMs: round(median(samples.map((t) => t.scriptTagAdded))),
          pageCodeRanMedianMs: samples.some((t) => Number.isNaN(t.pageCodeRan)) ? null : round(median(samples.map((t) => t.pageCodeRan))),
          bindingReadyMedianMs: samples.some((t) => Number.isNaN(t.bindingReady))
            ? null
            : round(median(samples.map((t) => t.bindingReady))),
          ...(samples.some((t) => !Number.isNaN(t.cpuBeforeTag))
            ? {
                cpuBeforeTagMedianMs: round(median(samples.map((t) => t.cpuBeforeTag))),
                cpuBeforeReadyMedianMs: round(median(samples.map((t) => t.cpuBeforeReady))),
              }
            : {}),
          readyMs: ready.map((value) => round(value)),
        };
      }),
    };
  });
}
