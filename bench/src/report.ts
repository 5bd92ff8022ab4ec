// Owns the results: their JSON shape, the goals they are judged against
// (written here, next to the numbers, so that a run cannot quietly move a
// target), and the Markdown tables printed and saved.
import type { RequestCount } from './requests.js';
import type { SizeResult } from './size.js';
import type { SoakResult } from './soak.js';
import type { VariantSummary } from './ready.js';

/** One time-to-ready condition's results. */
export interface ReadyConditionResult {
  label: string;
  /** Delay before the sandbox answers each widget file (paymentWidgets.js, its CSS and static.min.js). */
  widgetDelayMs: number;
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
  timeToReady: { loadsPerVariant: number; warmupRounds: number; conditions: ReadyConditionResult[] };
  requests: RequestCount[];
  soak: SoakResult[];
  goals: GoalResult[];
}

/** Time-to-ready median may be at most this times the hand-written page's. */
export const READY_RATIO_GOAL = 1.05;
/** Heap growth allowed over the measured soak cycles (1 MB, counted in decimal bytes). */
export const HEAP_GROWTH_GOAL_BYTES = 1_000_000;

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
  for (const condition of results.timeToReady.conditions) {
    for (const variant of condition.variants.slice(1).filter((v) => !v.informational)) {
      goals.push({
        goal: 'time-to-ready median vs raw',
        subject: `${variant.name} (${condition.label})`,
        measured: `${variant.ratioToRaw.toFixed(2)}× (${variant.medianMs} ms vs ${condition.variants[0]!.medianMs} ms)`,
        target: `≤ ${READY_RATIO_GOAL}×`,
        met: variant.ratioToRaw <= READY_RATIO_GOAL,
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
  const control = results.soak.find((run) => run.control);
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
    const beyond = control
      ? `; ${signedKb(run.heapGrowthBytes - control.heapGrowthBytes)} beyond the hand-written control's ${signedKb(control.heapGrowthBytes)}`
      : '';
    goals.push({
      goal: `heap growth over ${run.cycles} cycles`,
      subject: run.name,
      measured: `${signedKb(run.heapGrowthBytes)}${beyond}`,
      target: `≤ ${kb(HEAP_GROWTH_GOAL_BYTES)}`,
      met: run.heapGrowthBytes <= HEAP_GROWTH_GOAL_BYTES,
    });
  }
  return goals;
}

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
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

  const met = results.goals.filter((g) => g.met).length;
  out.push(`## Goals: ${met} of ${results.goals.length} met`);
  out.push(
    table(
      ['Goal', 'Subject', 'Measured', 'Target', 'Met'],
      results.goals.map((g) => [g.goal, g.subject, g.measured, g.target, g.met ? 'yes' : '**no**']),
    ),
  );

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

  out.push(`## Time to ready (Chromium, navigation start → onReady)`);
  out.push(
    `${results.timeToReady.loadsPerVariant} loads per page and condition, each in a fresh browser context, in rotating order ` +
      `after ${results.timeToReady.warmupRounds} unmeasured round; one new checkout per load. ` +
      `"raw" is the hand-written integration of the end-to-end tests (a classic script in \`<head>\` adds the script tag); ` +
      `the binding pages render only the widget from a production build (the custom element from the standalone build). ` +
      `The last three columns are medians too: when the page's own bundle had run (its libraries initialised), ` +
      `when the browser started the widget script request, and DOMContentLoaded.`,
  );
  for (const condition of results.timeToReady.conditions) {
    out.push(`### ${condition.label}`);
    out.push(
      table(
        ['Page', 'Ready (median)', 'Ready (p90)', '× raw (median)', 'Page bundle ran', 'paymentWidgets.js requested', 'DOMContentLoaded'],
        condition.variants.map((v) => [
          v.name,
          `${v.medianMs} ms`,
          `${v.p90Ms} ms`,
          `${v.ratioToRaw.toFixed(2)}×`,
          v.pageCodeRanMedianMs === null ? '—' : `${v.pageCodeRanMedianMs} ms`,
          `${v.scriptRequestedMedianMs} ms`,
          `${v.domContentLoadedMedianMs} ms`,
        ]),
      ),
    );
  }

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

  const soakCycles = results.soak[0]?.cycles ?? 0;
  const control = results.soak.find((run) => run.control);
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
        'Beyond hand-written',
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
        s.control || !control ? '—' : signedKb(s.heapGrowthBytes - control.heapGrowthBytes),
      ]),
    ),
  );
  out.push(
    `Each page runs in its own Chromium driven over the bare DevTools protocol (no network log: a test driver's ` +
      `would keep every response and grow the heap by itself). Every cycle uses two new checkouts. ` +
      `Listener counts are before the first mount → after the last unmount; DOM nodes (attached or not) and heap are ` +
      `after ${results.soak[0]?.warmupCycles ?? 0} warm-up cycles → after the measured ones. ` +
      `The hand-written control does by hand what a careful merchant would (wpwl.unload(), then remove the tags, the form and the globals), ` +
      `so its heap growth is what the browser and the widget keep per load, with no wpwl code on the page.`,
  );
  return `${out.join('\n\n')}\n`;
}
