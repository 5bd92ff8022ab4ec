// `pnpm bench`: every measure in one process on the same machine — sizes,
// time-to-ready next to the hand-written page, script requests per mount,
// the soak, and the reconciliation of settlement files (its measurements in
// child processes of their own) — then bench/results.json and
// bench/results.md, and the Markdown on stdout. Expects the packages built
// (`pnpm build`) and this package's build (its pages and this runner).
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, platform, release } from 'node:os';
import { join } from 'node:path';
import { findAppStorefronts, startAppStorefront, type RunningAppStorefront } from '../../examples/merchant-server/src/app-servers.js';
import { CHROMIUM_ARGS, launchBrowser, type TestBrowser } from '../../e2e/support/browser.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from '../../e2e/support/servers.js';
import { launchCdpBrowser, type CdpBrowser } from './cdp.js';
import { prepareCheckouts } from './checkouts.js';
import { BENCH_DIR, PAGES_DIR, RAW_PAGE_DIR, ROOT_DIR } from './paths.js';
import {
  measureTimeToReady,
  summarizeRuns,
  type ReadyCondition,
  type ReadyRunCondition,
  type ReadyVariant,
  type Throttle,
} from './ready.js';
import { measureReconciliation } from './reconciliation.js';
import { reconciliationSection } from './reconciliation-report.js';
import type { ReconciliationResults } from './reconciliation-results.js';
import { judge, toMarkdown, type BenchResults, type ReadyConditionResult } from './report.js';
import { countScriptRequests, type RequestCount } from './requests.js';
import { measureSizes, type SizeResult } from './size.js';
import { launchSoakBrowser, soak, type SoakResult } from './soak.js';

const args = process.argv.slice(2);
/** The value after `flag`, if the flag is given. */
const option = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
  return value;
};
// `--quick` is for trying the runner out: a few loads and cycles, printed
// only, so that the committed results always come from a full run.
const QUICK = args.includes('--quick');
// `--only <text>` times only the pages whose name contains the text (and the
// pages they are compared with), and nothing else; printed only, like --quick.
const ONLY = option('--only')?.toLowerCase();
// `--runs <n>`: the time-to-ready measure n times over, each run in a browser
// of its own with its own warm-up; every ratio is then the median of the n
// runs' ratios, reported with their spread.
const RUNS = Number(option('--runs') ?? 1);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs takes a whole number from 1, not ${option('--runs')}`);
// `--cpu` traces every time-to-ready load (Chromium's top-level tasks) for the
// main thread's CPU time before the widget's tag and before ready: the page's
// own work, apart from what else the machine runs. Printed only: tracing costs
// the page a little, so the results files come from untraced runs.
const CPU = args.includes('--cpu');
// `--only reconciliation` runs the reconciliation measure alone and puts its
// section into the results files, leaving every other figure as it was (the
// browser measures take 20 minutes; this one has its own date and command).
const RECONCILIATION_ONLY = ONLY === 'reconciliation';
/** File sizes of the reconciliation measure, in rows. */
const RECONCILIATION_SIZES = [10_000, 100_000, 1_000_000];
// `--reconciliation-sizes 10000,100000`: other sizes, printed only.
const reconciliationSizes = option('--reconciliation-sizes')
  ?.split(',')
  .map((n) => Number(n.trim()));
if (reconciliationSizes?.some((n) => !Number.isSafeInteger(n) || n < 1)) {
  throw new Error(`--reconciliation-sizes takes whole numbers from 1, separated by commas, not ${option('--reconciliation-sizes')}`);
}
// `--reconciliation-timeout <s>`: each of its child processes is killed after this long.
const RECONCILIATION_TIMEOUT_S = Number(option('--reconciliation-timeout') ?? 900);
if (!(RECONCILIATION_TIMEOUT_S > 0)) throw new Error(`--reconciliation-timeout takes seconds, not ${option('--reconciliation-timeout')}`);
// `--postgres-url <url>`: reconcile on that PostgreSQL server (a fresh database per size) instead of one of the bench's own.
const POSTGRES_URL = option('--postgres-url');
/** Results files are written by full runs only (and by `--only reconciliation` at the full sizes, for its own section). */
const PARTIAL = QUICK || (ONLY !== undefined && !RECONCILIATION_ONLY) || CPU || reconciliationSizes !== undefined;
/** Loads per page and condition, per run. */
const LOADS = QUICK ? 3 : 30;
/** The simulated round trip to the widget's origin. */
const SLOW_WIDGET_DELAY_MS = 100;
const REQUEST_MOUNTS = QUICK ? 3 : 10;
const SOAK_WARMUP = QUICK ? 2 : 50;
const SOAK_CYCLES = QUICK ? 50 : 1000;
/** Soaks running at once, each in its own browser; heap and DOM are per page, so they do not mix. */
const SOAK_LANES = 2;

const FAST_LABEL = 'gateway answers at once';
const SLOW_LABEL = `widget files answered after ${SLOW_WIDGET_DELAY_MS} ms`;
/**
 * A shopper on a slow phone: Chromium's 4× CPU slowdown and a "Slow 4G"-like
 * network (150 ms added to every round trip, 1.6 Mbps down, 750 kbps up),
 * with the gateway answering at once; the network is the slow part.
 */
const SLOW_PHONE: Throttle = { cpuRate: 4, latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 };
const THROTTLED_LABEL = `slow phone: CPU ${SLOW_PHONE.cpuRate}× slower, network ${SLOW_PHONE.latencyMs} ms latency, ${SLOW_PHONE.downloadKbps / 1000} Mbps down, ${SLOW_PHONE.uploadKbps} kbps up`;
/** Loads per page on the slow phone, per run: each takes seconds. */
const THROTTLED_LOADS = QUICK ? 2 : Number(option('--throttled-loads') ?? 10);
if (!Number.isInteger(THROTTLED_LOADS) || THROTTLED_LOADS < 0) throw new Error(`--throttled-loads takes a whole number from 0`);

const started = Date.now();
const log = (line: string) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
const loadStart = loadavg();

/** Runs `tasks` at most `lanes` at a time; results in the tasks' order. */
async function inLanes<T>(tasks: (() => Promise<T>)[], lanes: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, tasks.length) }, lane));
  return results;
}

// `--markdown` measures nothing: it writes results.md again from the
// committed results.json, after a change to the report's wording.
if (process.argv.includes('--markdown')) {
  const results = JSON.parse(await readFile(join(BENCH_DIR, 'results.json'), 'utf8')) as BenchResults;
  await writeFile(join(BENCH_DIR, 'results.md'), toMarkdown({ ...results, goals: judge(results) }));
  log('wrote bench/results.md from bench/results.json');
  process.exit(0);
}

const commandLine = `pnpm bench${args.map((arg) => (/\s/.test(arg) ? ` "${arg}"` : ` ${arg}`)).join('')}`;

/** The reconciliation measure, at the sizes asked for (fewer with --quick). */
function reconcile(): Promise<ReconciliationResults> {
  return measureReconciliation({
    sizes: reconciliationSizes ?? (QUICK ? RECONCILIATION_SIZES.slice(0, 2) : RECONCILIATION_SIZES),
    seed: 1,
    timeoutMs: RECONCILIATION_TIMEOUT_S * 1000,
    ...(POSTGRES_URL ? { postgresUrl: POSTGRES_URL } : {}),
    command: commandLine,
    log,
  });
}

if (RECONCILIATION_ONLY) {
  const reconciliation = await reconcile();
  const previous = JSON.parse(await readFile(join(BENCH_DIR, 'results.json'), 'utf8')) as BenchResults;
  const { goals: _goals, ...rest } = previous;
  const results: BenchResults = { ...rest, reconciliation, goals: judge({ ...rest, reconciliation }) };
  process.stdout.write(`${reconciliationSection(reconciliation).join('\n\n')}\n`);
  if (PARTIAL) {
    log('--reconciliation-sizes or --quick: results files left as they were');
  } else {
    await writeFile(join(BENCH_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    await writeFile(join(BENCH_DIR, 'results.md'), toMarkdown(results));
    log('wrote the reconciliation into bench/results.json and bench/results.md (the other measures left as they were)');
  }
  process.exit(0);
}

let fast: SandboxServer | undefined;
let slow: SandboxServer | undefined;
let pages: StaticServer | undefined;
let raw: StaticServer | undefined;
let browser: TestBrowser | undefined;
let readyBrowser: CdpBrowser | undefined;
const appServers: RunningAppStorefront[] = [];

const NEXT_CONTROL = 'Next.js checkout page, hand-written (control)';
const NUXT_CONTROL = 'Nuxt checkout page, hand-written (control)';
/**
 * The server-rendered pages the bench times: the storefront examples' checkout
 * pages and, in this package's apps, the same framework's page written by hand
 * (the control each storefront is judged against); their folder, and the name
 * their pages get in the results.
 */
const SERVER_RENDERED = [
  {
    folder: 'next-control',
    name: NEXT_CONTROL,
    short: 'Next.js checkout page, hand-written',
    ownScripts: '/_next/static/',
    control: true,
  },
  {
    folder: 'next-storefront',
    name: 'Next.js checkout page (server-rendered, the widget started in its HTML)',
    short: 'Next.js checkout page',
    ownScripts: '/_next/static/',
    comparedWith: NEXT_CONTROL,
  },
  {
    folder: 'nuxt-control',
    name: NUXT_CONTROL,
    short: 'Nuxt checkout page, hand-written',
    ownScripts: '/_nuxt/',
    control: true,
  },
  {
    folder: 'nuxt-storefront',
    name: 'Nuxt checkout page (server-rendered, the widget started in its HTML)',
    short: 'Nuxt checkout page',
    ownScripts: '/_nuxt/',
    comparedWith: NUXT_CONTROL,
  },
];
const RAW = 'raw (hand-written)';
const REACT_CONTROL = 'React, hand-written (control)';
const VUE_CONTROL = 'Vue, hand-written (control)';
const ANGULAR_CONTROL = 'Angular, hand-written (control)';
const LIT_CONTROL = 'Lit, hand-written (control)';

/**
 * The variants whose name contains `text` (case-insensitive), with the
 * baseline and the controls they are compared with, in the registry's order.
 */
function onlyMatching(all: readonly ReadyVariant[], text: string): ReadyVariant[] {
  const picked = all.filter((variant) => variant.name.toLowerCase().includes(text));
  if (picked.length === 0) throw new Error(`--only ${text}: no page's name contains it (${all.map((v) => v.name).join('; ')})`);
  const keep = new Set([all[0]!.name, ...picked.flatMap((variant) => [variant.name, variant.control ?? ''])]);
  return all.filter((variant) => keep.has(variant.name));
}

/** Counts the widget script requests per mount and per checkout-id change of each binding's cycle page. */
async function measureRequests(page: (name: string) => string): Promise<RequestCount[]> {
  const bindings = [
    { name: '@wpwl/react (development build, StrictMode)', page: 'cycle-react-dev' },
    { name: '@wpwl/vue', page: 'cycle-vue' },
    { name: '@wpwl/angular', page: 'cycle-angular' },
    { name: '@wpwl/lit (custom element)', page: 'cycle-lit' },
  ];
  // Each binding mounts and changes to a checkout of its own, REQUEST_MOUNTS times.
  const requestCheckouts = await prepareCheckouts(fast!, 2 * REQUEST_MOUNTS * bindings.length);
  browser = await launchBrowser();
  const requests: RequestCount[] = [];
  for (const [index, binding] of bindings.entries()) {
    log(`requests: ${binding.name}, ${REQUEST_MOUNTS} mounts and checkout-id changes`);
    const ids = requestCheckouts.slice(index * 2 * REQUEST_MOUNTS, (index + 1) * 2 * REQUEST_MOUNTS);
    requests.push(await countScriptRequests(browser, binding.name, `${page(binding.page)}?base=${fast!.url}`, ids));
  }
  await browser.close();
  browser = undefined;
  return requests;
}

/** The soak of every cycle page, its controls included, a few pages at a time. */
async function measureSoaks(page: (name: string) => string): Promise<SoakResult[]> {
  // Loading a widget does not use a checkout up, so the soak pages share one pool.
  const soakIds = await prepareCheckouts(fast!, 2 * (SOAK_WARMUP + SOAK_CYCLES));
  log(`soak: ${SOAK_CYCLES} cycles per page after ${SOAK_WARMUP} warm-up cycles, ${SOAK_LANES} pages at a time`);
  const subjects: Array<{ name: string; page: string; control?: boolean; comparedWith?: string }> = [
    { name: 'raw (hand-written control)', page: 'cycle-raw', control: true },
    { name: 'React, hand-written (control)', page: 'cycle-react-control', control: true },
    { name: '@wpwl/react', page: 'cycle-react', comparedWith: 'React, hand-written (control)' },
    { name: 'Vue, hand-written (control)', page: 'cycle-vue-control', control: true },
    { name: '@wpwl/vue', page: 'cycle-vue', comparedWith: 'Vue, hand-written (control)' },
    { name: ANGULAR_CONTROL, page: 'cycle-angular-control', control: true },
    { name: '@wpwl/angular', page: 'cycle-angular', comparedWith: ANGULAR_CONTROL },
    { name: LIT_CONTROL, page: 'cycle-lit-control', control: true },
    { name: '@wpwl/lit (custom element)', page: 'cycle-lit', comparedWith: LIT_CONTROL },
  ];
  return inLanes(
    subjects.map((subject) => async () => {
      // A browser per page: pages of one site may share a renderer, and with it the heap being measured.
      const soakBrowser = await launchSoakBrowser();
      try {
        const result = await soak(
          soakBrowser,
          subject.name,
          `${page(subject.page)}?base=${fast!.url}`,
          fast!.url,
          soakIds,
          SOAK_WARMUP,
          log,
        );
        return {
          ...result,
          ...(subject.control ? { control: true } : {}),
          ...(subject.comparedWith ? { comparedWith: subject.comparedWith } : {}),
        };
      } finally {
        await soakBrowser.close();
      }
    }),
    SOAK_LANES,
  );
}

try {
  let size: SizeResult[] = [];
  if (!ONLY) {
    log('size: size-limit --json at the repository root');
    size = await measureSizes();
  }

  [fast, slow, pages, raw] = await Promise.all([
    startSandboxServer(),
    startSandboxServer({ widgetDelayMs: SLOW_WIDGET_DELAY_MS }),
    startStaticServer({ root: PAGES_DIR }),
    startStaticServer({ root: RAW_PAGE_DIR }),
  ]);
  const page = (name: string) => `${pages!.url}/${name}/index.html`;
  /** A server-rendered page's address per gateway condition, filled in once its servers are up. */
  const appUrls = new Map<string, string>();
  /** The app folder each server-rendered variant is served from, by the variant's name. */
  const appOf = new Map<string, string>();
  const servedBy = (folder: string, variant: ReadyVariant): ReadyVariant => {
    appOf.set(variant.name, folder);
    return variant;
  };

  const allVariants: ReadyVariant[] = [
    { name: RAW, url: `${raw.url}/index.html` },
    { name: REACT_CONTROL, url: page('ready-react-control'), informational: true },
    { name: '@wpwl/react', url: page('ready-react'), control: REACT_CONTROL, goal: 'same-framework' },
    { name: VUE_CONTROL, url: page('ready-vue-control'), informational: true },
    { name: '@wpwl/vue', url: page('ready-vue'), control: VUE_CONTROL, goal: 'same-framework' },
    { name: ANGULAR_CONTROL, url: page('ready-angular-control'), informational: true },
    { name: '@wpwl/angular', url: page('ready-angular'), control: ANGULAR_CONTROL, goal: 'same-framework' },
    { name: LIT_CONTROL, url: page('ready-lit-control'), informational: true },
    { name: '@wpwl/lit (custom element)', url: page('ready-lit'), control: LIT_CONTROL, goal: 'same-framework' },
    // Every binding's floor: the controller with no framework around it, shown, not judged.
    { name: '@wpwl/core alone (no framework)', url: page('ready-core'), control: RAW, informational: true },
    // Each storefront against its framework's hand-written page, rendered and served the same way.
    ...SERVER_RENDERED.map(({ folder, name, control, comparedWith }) =>
      servedBy(folder, {
        name,
        url: (label) => `${appUrls.get(`${folder} ${label}`)}/checkout`,
        preparesOwnCheckout: true,
        ...(control ? { informational: true } : { control: comparedWith, goal: 'server-rendered' }),
      }),
    ),
    // The floor of each server-rendered storefront page: its server's HTML alone, with the app's own scripts
    // refused, so nothing hydrates and nothing of the framework competes with the widget for the main thread.
    ...SERVER_RENDERED.filter(({ control }) => !control).map(({ folder, short, ownScripts }) =>
      servedBy(folder, {
        name: `${short}, its own JavaScript refused (the server's HTML alone)`,
        url: (label) => `${appUrls.get(`${folder} ${label}`)}/checkout`,
        preparesOwnCheckout: true,
        blockOwnScripts: ownScripts,
        control: RAW,
        onlyUnder: SLOW_LABEL,
        informational: true,
      }),
    ),
    {
      name: '@wpwl/react, widget script preloaded',
      url: page('ready-react-preload'),
      onlyUnder: SLOW_LABEL,
      informational: true,
    },
  ];
  const variants = ONLY ? onlyMatching(allVariants, ONLY) : allVariants;

  // Each server-rendered page twice, one server per gateway; it prepares its checkout while rendering. The
  // slow phone's loads go to the servers of the gateway that answers at once.
  const found = [...findAppStorefronts(`${ROOT_DIR}/examples`), ...findAppStorefronts(`${BENCH_DIR}/apps`)];
  for (const { folder } of SERVER_RENDERED) {
    if (!variants.some((variant) => appOf.get(variant.name) === folder)) continue;
    const app = found.find((candidate) => candidate.name === folder);
    if (!app) throw new Error(`the server-rendered app ${folder} is missing`);
    for (const [label, sandbox] of [
      [FAST_LABEL, fast],
      [SLOW_LABEL, slow],
    ] as const) {
      const gateway = { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId };
      const server = await startAppStorefront(app, { gateway, host: '127.0.0.1', port: 0 });
      appServers.push(server);
      appUrls.set(`${folder} ${label}`, server.url);
      if (label === FAST_LABEL) appUrls.set(`${folder} ${THROTTLED_LABEL}`, server.url);
    }
  }

  const gateways: { label: string; sandbox: SandboxServer; widgetDelayMs: number; throttle?: Throttle; loads: number }[] = [
    { label: FAST_LABEL, sandbox: fast, widgetDelayMs: 0, loads: LOADS },
    { label: SLOW_LABEL, sandbox: slow, widgetDelayMs: SLOW_WIDGET_DELAY_MS, loads: LOADS },
    // The same pages once more on an emulated slow phone, in the same run and browser.
    ...(THROTTLED_LOADS > 0
      ? [{ label: THROTTLED_LABEL, sandbox: fast, widgetDelayMs: 0, throttle: SLOW_PHONE, loads: Math.min(THROTTLED_LOADS, LOADS) }]
      : []),
  ];
  const loadsUnder = (label: string, loads: number) =>
    (loads + 1) * variants.filter((v) => !v.preparesOwnCheckout && (!v.onlyUnder || v.onlyUnder === label)).length;

  let chromiumVersion = '';
  const runs: ReadyRunCondition[][] = [];
  for (let run = 1; run <= RUNS; run++) {
    // A run's checkouts are all prepared before it measures anything, so that
    // no measurement shares the machine with checkout creation.
    log(
      `${RUNS > 1 ? `run ${run}/${RUNS}: ` : ''}preparing ${gateways.reduce((sum, g) => sum + loadsUnder(g.label, g.loads), 0)} checkouts`,
    );
    const conditions: ReadyCondition[] = [];
    for (const { label, sandbox, throttle, loads } of gateways) {
      conditions.push({
        label,
        gatewayUrl: sandbox.url,
        checkoutIds: await prepareCheckouts(sandbox, loadsUnder(label, loads)),
        ...(throttle ? { throttle, rounds: loads } : {}),
      });
    }
    // A browser per run: nothing one run left in the browser carries into the next.
    readyBrowser = await launchCdpBrowser(CHROMIUM_ARGS);
    chromiumVersion = `Chromium ${(await readyBrowser.version()).split('/')[1]}`;
    log(
      `${RUNS > 1 ? `run ${run}/${RUNS}: ` : ''}time-to-ready: ${conditions.map((c) => `${variants.filter((v) => !v.onlyUnder || v.onlyUnder === c.label).length} pages × ${c.rounds ?? LOADS} loads ${c.label}`).join(', ')}`,
    );
    runs.push(await measureTimeToReady(readyBrowser, variants, conditions, LOADS, log, CPU));
    await readyBrowser.close();
    readyBrowser = undefined;
  }
  const ready: ReadyConditionResult[] = summarizeRuns(runs).map((summary, i) => ({
    ...summary,
    widgetDelayMs: gateways[i]!.widgetDelayMs,
  }));

  const requests: RequestCount[] = [];
  const soaks: SoakResult[] = [];
  let reconciliation: ReconciliationResults | undefined;
  if (!ONLY) {
    requests.push(...(await measureRequests(page)));
    soaks.push(...(await measureSoaks(page)));
  }
  // Last, with the browsers closed: its figures are one process's each.
  if (!ONLY && !CPU) reconciliation = await reconcile();

  const cpuList = cpus();
  const partial: Omit<BenchResults, 'goals'> = {
    measuredAt: new Date(started).toISOString(),
    command: commandLine,
    environment: {
      node: process.version,
      chromium: chromiumVersion,
      platform: `${platform()} ${release()}`,
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
      loadAverage: { start: loadStart, end: loadavg() },
    },
    durationMs: Date.now() - started,
    size,
    timeToReady: {
      loadsPerVariant: LOADS,
      ...(THROTTLED_LOADS > 0 ? { throttledLoadsPerVariant: Math.min(THROTTLED_LOADS, LOADS) } : {}),
      warmupRounds: 1,
      runs: RUNS,
      conditions: ready,
    },
    requests,
    soak: soaks,
    ...(reconciliation ? { reconciliation } : {}),
  };
  const results: BenchResults = { ...partial, goals: judge(partial) };
  const markdown = toMarkdown(results);
  process.stdout.write(markdown);
  if (PARTIAL) {
    log(
      `${[QUICK && '--quick', ONLY !== undefined && '--only', CPU && '--cpu', reconciliationSizes && '--reconciliation-sizes'].filter(Boolean).join(', ')}: results files left as they were`,
    );
  } else {
    await writeFile(join(BENCH_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    await writeFile(join(BENCH_DIR, 'results.md'), markdown);
    log('wrote bench/results.json and bench/results.md');
  }
} finally {
  await Promise.all([
    browser?.close(),
    readyBrowser?.close(),
    ...appServers.map((server) => server.close()),
    pages?.close(),
    raw?.close(),
    fast?.close(),
    slow?.close(),
  ]);
}
