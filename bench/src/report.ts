// Owns the results: their JSON shape, the goals they are judged against
// (written here, next to the numbers, so that a run cannot quietly move a
// target), and the Markdown tables printed and saved.
import type { ReconciliationResults } from './reconciliation-results.js';
import { table } from './markdown.js';
import { reconciliationGoals, reconciliationSection } from './reconciliation-report.js';
import type { RequestCount } from './requests.js';
import type { SizeResult } from './size.js';
import type { SoakResult } from './soak.js';
import type { Throttle, VariantSummary } from './ready.js';

/** One time-to-ready condition's results. */
export interface ReadyConditionResult {
  label: string;
  /** Delay before the sandbox answers each widget file (paymentWidgets.js, its CSS and static.min.js). */
  widgetDelayMs: number;
  /** The emulated slow phone every load of this condition ran on; shown, not judged. */
  throttle?: Throttle;
  variants: VariantSummary[];
}

/** One goal, judged. */
export interface GoalResult {
  goal: string;
  subject: string;
  measured: string;
  target: string;
  met: boolean;
}

/** Everything `pnpm bench` writes to results.json. */
export interface BenchResults {
  measuredAt: string;
  command: string;
  environment: {
    node: string;
    chromium: string;
    platform: string;
    cpus: number;
    cpuModel: string;
    /** 1-, 5- and 15-minute load averages when the run started and when it ended. */
    loadAverage: { start: number[]; end: number[] };
  };
  durationMs: number;
  size: SizeResult[];
  timeToReady: {
    /** Loads per page and condition in each run. */
    loadsPerVariant: number;
    /** Loads per page on the emulated slow phone in each run, where that condition was measured. */
    throttledLoadsPerVariant?: number;
    warmupRounds: number;
    /** How many runs (`--runs`), each in a browser of its own; results from before runs were counted had one. */
    runs?: number;
    conditions: ReadyConditionResult[];
  };
  requests: RequestCount[];
  soak: SoakResult[];
  /** Settlement files reconciled against the shop's orders; measured on its own (`--only reconciliation`), with its own date and command. */
  reconciliation?: ReconciliationResults;
  goals: GoalResult[];
}

/**
 * A binding's time-to-ready median may be at most this times its framework's
 * hand-written control's, both gateway conditions; a server-rendered
 * storefront page's the same against its framework's hand-written
 * server-rendered page.
 */
export const SAME_FRAMEWORK_RATIO_GOAL = 1.03;
/** Heap growth over the soak allowed beyond the binding's own hand-written control (decimal bytes). */
export const HEAP_BEYOND_CONTROL_GOAL_BYTES = 50_000;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const signedKb = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${kb(Math.abs(bytes))}`;
const count = (before: number, after: number) => (before === after ? String(after) : `${before} → ${after}`);

/** Judges the results against the goals of the measures. */
export function judge(results: Omit<BenchResults, 'goals'>): GoalResult[] {
  const goals: GoalResult[] = [];
  for (const entry of results.size) {
    if (!entry.limit) continue; // an anchor: measured for comparison, no goal of ours
    goals.push({
      goal: 'size within budget',
      subject: entry.name,
      measured: kb(entry.bytes),
      target: `≤ ${entry.limit}`,
      met: entry.passed,
    });
  }
  // The slow phone's rows are shown, not judged: fewer loads, and what they are for is to show a gap two fast cores hide.
  for (const condition of results.timeToReady.conditions.filter((c) => !c.throttle)) {
    for (const variant of condition.variants) {
      const { control, goal } = variant;
      if (!control || !goal || variant.informational) continue;
      const target = SAME_FRAMEWORK_RATIO_GOAL;
      goals.push({
        goal:
          goal === 'same-framework'
            ? 'time-to-ready median vs its framework hand-written'
            : 'server-rendered time-to-ready vs its framework hand-written, server-rendered',
        subject: `${variant.name} (${condition.label})`,
        measured: ratioText(variant, control),
        target: `≤ ${target.toFixed(2)}× ${control.name}`,
        met: control.ratio <= target,
      });
    }
  }
  for (const binding of results.requests) {
    const all = [...binding.perMount, ...binding.perChange];
    goals.push({
      goal: 'one script request per mount',
      subject: binding.name,
      measured: `${binding.mounts} mounts: ${binding.perMount.join(',')}; ${binding.changes} id changes: ${binding.perChange.join(',')}`,
      target: 'exactly 1 each',
      met: all.every((n) => n === 1),
    });
  }
  for (const run of results.soak.filter((r) => !r.control)) {
    const { after, pristine } = run;
    const leaked =
      after.widgetScripts + after.gatewayScripts + after.gatewayStylesheets + after.wpwlNodes + after.paymentForms + after.globals.length;
    goals.push({
      goal: 'nothing left after unmount',
      subject: run.name,
      measured: `${after.widgetScripts + after.gatewayScripts} script tags, ${after.gatewayStylesheets} stylesheets, ${after.wpwlNodes + after.paymentForms} widget nodes, globals: ${after.globals.join(', ') || 'none'}`,
      target: '0',
      met: leaked === 0,
    });
    const listenersGrew =
      after.windowListeners.length > pristine.windowListeners.length || after.documentListeners.length > pristine.documentListeners.length;
    goals.push({
      goal: 'no listeners left on window/document',
      subject: run.name,
      measured: `window ${count(pristine.windowListeners.length, after.windowListeners.length)}, document ${count(pristine.documentListeners.length, after.documentListeners.length)}`,
      target: 'no more than before the first mount',
      met: !listenersGrew,
    });
    const control = results.soak.find((candidate) => candidate.name === run.comparedWith);
    if (!control) continue;
    const beyond = run.heapGrowthBytes - control.heapGrowthBytes;
    goals.push({
      goal: `heap growth over ${run.cycles} cycles beyond its control`,
      subject: run.name,
      measured: `${signedKb(beyond)} (${signedKb(run.heapGrowthBytes)} − ${signedKb(control.heapGrowthBytes)} of ${control.name}; one run of ${run.cycles} cycles each)`,
      target: `≤ ${kb(HEAP_BEYOND_CONTROL_GOAL_BYTES)}`,
      met: beyond <= HEAP_BEYOND_CONTROL_GOAL_BYTES,
    });
  }
  if (results.reconciliation) goals.push(...reconciliationGoals(results.reconciliation));
  return goals;
}

/**
 * "1.02× (3 runs: 1.00–1.04×; 190 ms / 186 ms, medians of 90 and 90 loads)": the
 * median of the runs' ratios, their spread, and the two medians over every
 * load with their sample counts. One run: the ratio of the two medians.
 */
function ratioText(variant: VariantSummary, control: NonNullable<VariantSummary['control']>): string {
  const runs = control.runRatios?.length ?? 1;
  const spread = runs > 1 ? `median of ${runs} runs' ratios, spread ${control.ratioMin.toFixed(2)}–${control.ratioMax.toFixed(2)}×; ` : '';
  return `${control.ratio.toFixed(2)}× (${spread}${variant.medianMs} ms / ${control.medianMs} ms, medians of ${variant.loads} and ${control.loads} loads)`;
}

/** A ratio for a table cell: "1.02×", with the runs' spread when there were several. */
function ratioCell(ratio: number, control?: VariantSummary['control']): string {
  const runs = control?.runRatios?.length ?? 1;
  return runs > 1 && control
    ? `${ratio.toFixed(2)}× (${control.ratioMin.toFixed(2)}–${control.ratioMax.toFixed(2)})`
    : `${ratio.toFixed(2)}×`;
}

/** The human report: goals first, then each measure's table. */
export function toMarkdown(results: BenchResults): string {
  const env = results.environment;
  const day = results.measuredAt.slice(0, 10);
  const out: string[] = [];
  out.push(`# wpwl measures`);
  out.push(
    `Measured ${day} with \`${results.command}\` in ${(results.durationMs / 60000).toFixed(1)} min: ` +
      `Node ${env.node}, ${env.chromium} (headless), ${env.cpus} × ${env.cpuModel}, ${env.platform}; ` +
      `load average ${env.loadAverage.start.map((n) => n.toFixed(1)).join(' / ')} at the start, ` +
      `${env.loadAverage.end.map((n) => n.toFixed(1)).join(' / ')} at the end (1 / 5 / 15 min). ` +
      `Everything on loopback: the sandbox gateway and the pages on 127.0.0.1.`,
  );

  out.push(
    table(
      ['Machine', 'Load average during the run (1 / 5 / 15 min)', 'Run'],
      [
        [
          `${env.cpus} × ${env.cpuModel}, ${env.platform}; Node ${env.node}, ${env.chromium} headless`,
          `${env.loadAverage.start.map((n) => n.toFixed(1)).join(' / ')} at the start → ${env.loadAverage.end.map((n) => n.toFixed(1)).join(' / ')} at the end`,
          `\`${results.command}\`, ${day}, ${(results.durationMs / 60000).toFixed(1)} min`,
        ],
      ],
    ),
  );
  const runs = results.timeToReady.runs ?? 1;
  out.push(
    (runs > 1
      ? `Each time-to-ready ratio is the median of ${runs} runs' ratios (each run a browser of its own, each ratio one run's ` +
        `median over the other's), with the lowest and highest run as its spread; the two medians next to it are over every ` +
        `load of every run, with their sample counts. `
      : `Ratios are of medians from this one run (the two figures and their sample counts are given). `) +
      `Sizes and counts are absolute (they do not depend on the machine); heap figures are from one soak per page.`,
  );
  const met = results.goals.filter((g) => g.met).length;
  out.push(`## Goals: ${met} of ${results.goals.length} met`);
  out.push(
    table(
      ['Goal', 'Subject', 'Measured', 'Target', 'Met'],
      results.goals.map((g) => [g.goal, g.subject, g.measured, g.target, g.met ? 'yes' : '**no**']),
    ),
  );
  if (met < results.goals.length) {
    out.push(
      "Where a missed goal's time or memory goes, its measured floor and what was tried for it are in " +
        '[README.md, "Reading the results"](./README.md#reading-the-results).',
    );
  }

  // A run with --only measures time to ready alone: the other sections are left out.
  if (results.size.length) out.push(...sizeSection(results));
  out.push(...readySection(results));
  if (results.requests.length) out.push(...requestsSection(results));
  if (results.soak.length) out.push(...soakSection(results));
  if (results.reconciliation) out.push(...reconciliationSection(results.reconciliation));
  return `${out.join('\n\n')}\n`;
}

/** The size table. */
function sizeSection(results: BenchResults): string[] {
  const out: string[] = [];
  out.push(`## Size (minified + gzipped, size-limit)`);
  out.push(
    table(
      ['Entry', 'Measured', 'Size', 'Budget', 'Within'],
      results.size.map((s) => [
        s.name,
        `\`${s.path}\`${s.import ? ` ${s.import.replace(/\s+/g, ' ')}` : ''}`,
        kb(s.bytes),
        s.limit ?? '— (for comparison)',
        s.limit ? (s.passed ? 'yes' : '**no**') : '—',
      ]),
    ),
  );

  return out;
}

/** The time-to-ready tables, one per condition. */
function readySection(results: BenchResults): string[] {
  const out: string[] = [];
  const runs = results.timeToReady.runs ?? 1;
  out.push(`## Time to ready (Chromium, navigation start → onReady)`);
  out.push(
    `${results.timeToReady.loadsPerVariant} loads per page and condition${runs > 1 ? ` in each of ${runs} runs` : ''}, each in a fresh browser context, in rotating order ` +
      `after ${results.timeToReady.warmupRounds} unmeasured round${runs > 1 ? ' per run' : ''}; one new checkout per load. ` +
      `Chromium is driven over the bare DevTools protocol, with no network log (a test driver's records the stack of ` +
      `every request a script starts, at a cost to the page); requests and errors are counted in the page. ` +
      `"raw" is the hand-written integration of the end-to-end tests (a classic script in \`<head>\` adds the script tag); ` +
      `the binding pages render only the widget from a production build (the custom element from the standalone build); ` +
      `each framework's control is the same page with the merchant's own hand-written component in place of the binding's ` +
      `(an effect, or mounted / unmounted hooks, that set \`wpwlOptions\`, add the script tag and unload it; ` +
      `for the custom element a LitElement of the merchant's own, bundled from \`lit\`), the raw page beside each as the floor. ` +
      `The server-rendered pages are the Next.js and Nuxt storefront examples' checkout pages, served by their own ` +
      `servers: each load prepares its checkout on the server while rendering (one request to the sandbox, on loopback), ` +
      `and its HTML carries the widget script's preload; their "ready" is the widget's \`data-wpwl-status="ready"\`: ` +
      `where the server's HTML starts the widget itself, on the element it started it in, set by the ` +
      `widget's onReady before the page has hydrated; else on the binding's wrapper, set in the render after onReady. ` +
      `Each is compared with its framework's hand-written control: the same framework's checkout page, rendered and ` +
      `served the same way (its checkout prepared while rendering, the shop's stylesheet), with no wpwl code: the ` +
      `merchant's own component sets \`wpwlOptions\` and adds the script tag (with its integrity hash) once the page has ` +
      `hydrated, and says ready from onReady; the raw page stays beside them as the floor. ` +
      `The last six columns are medians too: when the page's own bundle had run (its libraries initialised), ` +
      `when the browser started the widget script request (a preload starts it before the tag exists), ` +
      `when the widget's script tag was put into the page (a binding: when it mounts, after its framework has rendered or hydrated; ` +
      `a server-started widget: while the page is parsed), when the widget's script had run (it asks for its follow-up ` +
      `\`static.min.js\` first thing: the script runs once it has arrived, its tag is in and the main thread is free), ` +
      `DOMContentLoaded, and when the binding's own wrapper said ready ` +
      `(a server-started widget: once the binding had taken it over after hydration; a load ends only then, so that ` +
      `hydration's errors count too).`,
  );
  // Traced loads (`--cpu`) add the main thread's CPU time, medians like the rest.
  const cpu = results.timeToReady.conditions.some((condition) => condition.variants.some((v) => v.cpuBeforeTagMedianMs !== undefined));
  for (const condition of results.timeToReady.conditions) {
    out.push(`### ${condition.label}`);
    const throttle = condition.throttle;
    if (throttle) {
      out.push(
        `The same pages on an emulated slow phone, in the same run and browser: the renderer's CPU ${throttle.cpuRate}× slower ` +
          `(\`Emulation.setCPUThrottlingRate\`) and every request shaped (\`Network.emulateNetworkConditions\`: ` +
          `${throttle.latencyMs} ms added to its round trip, ${throttle.downloadKbps / 1000} Mbps down, ${throttle.uploadKbps} kbps up; ` +
          `the network domain on for that, keeping no response bodies), the gateway answering at once. ` +
          `${results.timeToReady.throttledLoadsPerVariant ?? results.timeToReady.loadsPerVariant} loads per page${runs > 1 ? ' in each run' : ''}; ` +
          `shown with the same ratios, not judged.`,
      );
    }
    out.push(
      table(
        [
          'Page',
          'Ready (median)',
          'Ready (p90)',
          '× raw (median)',
          '× its control (median)',
          'Page bundle ran',
          'paymentWidgets.js requested',
          'Widget tag added',
          "Widget's script ran",
          'DOMContentLoaded',
          "Binding's wrapper ready",
          ...(cpu ? ['Main-thread CPU before the tag', 'Main-thread CPU before ready'] : []),
        ],
        condition.variants.map((v) => [
          v.name,
          (v.runMediansMs?.length ?? 1) > 1 ? `${v.medianMs} ms (runs: ${v.runMediansMs.join(' / ')})` : `${v.medianMs} ms`,
          `${v.p90Ms} ms`,
          v.control?.name === condition.variants[0]!.name ? ratioCell(v.ratioToRaw, v.control) : `${v.ratioToRaw.toFixed(2)}×`,
          v.control && v.control.name !== condition.variants[0]!.name ? `${ratioCell(v.control.ratio, v.control)} ${v.control.name}` : '—',
          v.pageCodeRanMedianMs === null ? '—' : `${v.pageCodeRanMedianMs} ms`,
          `${v.scriptRequestedMedianMs} ms`,
          `${v.scriptTagAddedMedianMs} ms`,
          v.widgetRanMedianMs === undefined ? '—' : `${v.widgetRanMedianMs} ms`,
          `${v.domContentLoadedMedianMs} ms`,
          v.bindingReadyMedianMs == null ? '—' : `${v.bindingReadyMedianMs} ms`,
          ...(cpu ? [`${v.cpuBeforeTagMedianMs} ms`, `${v.cpuBeforeReadyMedianMs} ms`] : []),
        ]),
      ),
    );
  }

  return out;
}

/** The request counts per mount and per checkout-id change. */
function requestsSection(results: BenchResults): string[] {
  const out: string[] = [];
  out.push(`## Script requests per mount (browser request log)`);
  out.push(
    table(
      ['Binding', 'Mounts', 'Requests per mount', 'Checkout-id changes', 'Requests per change', 'StrictMode double mount', 'Tags left'],
      results.requests.map((r) => [
        r.name,
        r.mounts,
        [...new Set(r.perMount)].join(' / '),
        r.changes,
        [...new Set(r.perChange)].join(' / '),
        r.effectRunsPerMount === undefined
          ? '—'
          : r.effectRunsPerMount === 2
            ? 'yes (effects ran twice)'
            : `no (effects ran ${r.effectRunsPerMount}×)`,
        r.tagsLeft,
      ]),
    ),
  );

  return out;
}

/** The soak table. */
function soakSection(results: BenchResults): string[] {
  const out: string[] = [];
  const soakCycles = results.soak[0]?.cycles ?? 0;
  out.push(`## Soak (${soakCycles} cycles of mount → ready → checkout-id change → ready → unmount, after forced GC)`);
  out.push(
    table(
      [
        'Page',
        'ms per cycle',
        'Script tags left',
        'Stylesheets left',
        '`.wpwl-*` nodes left',
        'Globals left',
        'window listeners',
        'document listeners',
        'DOM nodes',
        'JS heap growth',
        'Beyond its control',
      ],
      results.soak.map((s) => [
        s.name,
        (s.durationMs / s.cycles).toFixed(1),
        s.after.widgetScripts + s.after.gatewayScripts,
        s.after.gatewayStylesheets,
        s.after.wpwlNodes + s.after.paymentForms,
        s.after.globals.join(', ') || 'none',
        count(s.pristine.windowListeners.length, s.after.windowListeners.length),
        count(s.pristine.documentListeners.length, s.after.documentListeners.length),
        count(s.afterWarmup.domNodes, s.after.domNodes),
        signedKb(s.heapGrowthBytes),
        (() => {
          const control = results.soak.find((candidate) => candidate.name === s.comparedWith);
          return control ? `${signedKb(s.heapGrowthBytes - control.heapGrowthBytes)} (${control.name})` : '—';
        })(),
      ]),
    ),
  );
  out.push(
    `Each page runs in its own Chromium driven over the bare DevTools protocol (no network log: a test driver's ` +
      `would keep every response and grow the heap by itself). Every cycle uses two new checkouts. ` +
      `Listener counts are before the first mount → after the last unmount; DOM nodes (attached or not) and heap are ` +
      `after ${results.soak[0]?.warmupCycles ?? 0} warm-up cycles → after the measured ones. ` +
      `The hand-written controls do by hand what a careful merchant would (wpwl.unload(), then remove the tags, the form and the globals): ` +
      `on a plain page, and in a React (StrictMode, production build), a Vue, an Angular and a Lit component of the merchant's own, so their heap growth ` +
      `is what the browser, the widget and the framework keep per cycle, with no wpwl code on the page. Each binding is compared with ` +
      `its framework's control; the custom element with the Lit control's.`,
  );
  return out;
}
