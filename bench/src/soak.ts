// Owns the soak: one cycle page driven through many cycles of mount →
// ready → checkout-id change → ready → unmount, then, after forced garbage
// collection, what stayed behind: widget script tags and stylesheets, `.wpwl-*`
// nodes, the widget's globals, listeners on window and document, DOM nodes
// and JS heap. Runs in its own Chromium, driven over the bare DevTools
// protocol (see cdp.ts), with `gc()` exposed.
import { CHROMIUM_ARGS } from '../../e2e/support/browser.js';
import { launchCdpBrowser, type CdpBrowser, type CdpPage } from './cdp.js';

/** What the page holds at one moment. */
export interface SoakSnapshot {
  /** Used JS heap after forced GC (CDP Runtime.getHeapUsage). */
  heapUsedBytes: number;
  /** Live DOM nodes, attached or not (CDP Memory.getDOMCounters). */
  domNodes: number;
  /** JS event listeners in the page (CDP Memory.getDOMCounters). */
  jsEventListeners: number;
  /** Listener types on window (CDP DOMDebugger.getEventListeners), sorted. */
  windowListeners: string[];
  /** Listener types on document, sorted. */
  documentListeners: string[];
  /** `<script src=…/v1/paymentWidgets.js…>` tags. */
  widgetScripts: number;
  /** Any script or stylesheet link from the gateway's origin. */
  gatewayScripts: number;
  gatewayStylesheets: number;
  /** Elements with a `wpwl-` class, and `form.paymentWidgets`. */
  wpwlNodes: number;
  paymentForms: number;
  /** Which of `wpwlOptions` and `wpwl` exist on window. */
  globals: string[];
}

/** One page's soak. */
export interface SoakResult {
  name: string;
  /** A hand-written page (a control): what the browser, the widget and the framework keep, with no wpwl code. */
  control?: boolean;
  /** The control this binding's heap growth is compared with (its own framework's hand-written page). */
  comparedWith?: string;
  warmupCycles: number;
  cycles: number;
  durationMs: number;
  /** Before any cycle. */
  pristine: SoakSnapshot;
  /** After the warm-up cycles: the baseline for heap growth. */
  afterWarmup: SoakSnapshot;
  after: SoakSnapshot;
  /** `after.heapUsedBytes - afterWarmup.heapUsedBytes`. */
  heapGrowthBytes: number;
}

/** Chromium with `gc()` exposed to pages, with the same flags as the end-to-end tests otherwise. */
export function launchSoakBrowser(): Promise<CdpBrowser> {
  return launchCdpBrowser([...CHROMIUM_ARGS, '--js-flags=--expose-gc']);
}

async function listenerTypes(page: CdpPage, expression: 'window' | 'document'): Promise<string[]> {
  const { result } = await page.send<{ result: { objectId: string } }>('Runtime.evaluate', { expression, objectGroup: 'bench-soak' });
  const { listeners } = await page.send<{ listeners: { type: string }[] }>('DOMDebugger.getEventListeners', {
    objectId: result.objectId,
  });
  await page.send('Runtime.releaseObjectGroup', { objectGroup: 'bench-soak' });
  return listeners.map((listener) => listener.type).sort();
}

const DOM_CENSUS = (gatewayUrl: string) => `(() => {
  const origin = ${JSON.stringify(`${new URL(gatewayUrl).origin}/`)};
  const scripts = Array.from(document.scripts);
  return {
    widgetScripts: scripts.filter((s) => s.src.includes('/v1/paymentWidgets.js')).length,
    gatewayScripts: scripts.filter((s) => s.src.startsWith(origin)).length,
    gatewayStylesheets: Array.from(document.querySelectorAll('link')).filter((l) => l.href.startsWith(origin)).length,
    wpwlNodes: document.querySelectorAll('[class*="wpwl-"]').length,
    paymentForms: document.querySelectorAll('form.paymentWidgets').length,
    globals: ['wpwlOptions', 'wpwl'].filter((name) => name in window),
  };
})()`;

async function snapshot(page: CdpPage, gatewayUrl: string): Promise<SoakSnapshot> {
  // Let timers due now run (core tears a released widget down one task later), then collect.
  await page.evaluate('new Promise((resolve) => setTimeout(resolve, 100))');
  for (let i = 0; i < 3; i++) {
    await page.evaluate('gc()');
    await page.send('HeapProfiler.collectGarbage');
  }
  const { usedSize } = await page.send<{ usedSize: number }>('Runtime.getHeapUsage');
  const counters = await page.send<{ nodes: number; jsEventListeners: number }>('Memory.getDOMCounters');
  const census = await page.evaluate<
    Omit<SoakSnapshot, 'heapUsedBytes' | 'domNodes' | 'jsEventListeners' | 'windowListeners' | 'documentListeners'>
  >(DOM_CENSUS(gatewayUrl));
  return {
    heapUsedBytes: usedSize,
    domNodes: counters.nodes,
    jsEventListeners: counters.jsEventListeners,
    windowListeners: await listenerTypes(page, 'window'),
    documentListeners: await listenerTypes(page, 'document'),
    ...census,
  };
}

/**
 * Soaks the cycle page at `url` (its `?base=` set to `gatewayUrl`): `warmup`
 * unmeasured cycles, then `ids.length / 2 - warmup` measured ones, sent to the
 * page in batches so that progress shows and no single call runs for minutes.
 * A widget error or a step without onReady within 10 s fails the soak.
 */
export async function soak(
  browser: CdpBrowser,
  name: string,
  url: string,
  gatewayUrl: string,
  ids: readonly string[],
  warmup: number,
  progress: (line: string) => void,
): Promise<SoakResult> {
  const page = await browser.open(url, 'window.__wpwlBench');
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < ids.length; i += 2) pairs.push([ids[i]!, ids[i + 1]!]);
  const run = (batch: [string, string][]) => page.evaluate<number>(`window.__wpwlBench.cycles(${JSON.stringify(batch)})`);

  const pristine = await snapshot(page, gatewayUrl);
  await run(pairs.slice(0, warmup));
  const afterWarmup = await snapshot(page, gatewayUrl);
  const measured = pairs.slice(warmup);
  let durationMs = 0;
  const BATCH = 100;
  for (let start = 0; start < measured.length; start += BATCH) {
    durationMs += await run(measured.slice(start, start + BATCH));
    if ((start + BATCH) % 500 === 0 || start + BATCH >= measured.length) {
      progress(`soak ${name}: ${Math.min(start + BATCH, measured.length)}/${measured.length} cycles`);
    }
  }
  const after = await snapshot(page, gatewayUrl);
  await page.send('Page.close');
  return {
    name,
    warmupCycles: warmup,
    cycles: measured.length,
    durationMs,
    pristine,
    afterWarmup,
    after,
    heapGrowthBytes: after.heapUsedBytes - afterWarmup.heapUsedBytes,
  };
}
