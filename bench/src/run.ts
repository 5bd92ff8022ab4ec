// `pnpm bench`: every measure in one process on the same machine — sizes,
// time-to-ready next to the hand-written page, script requests per mount,
// and the soak — then bench/results.json and bench/results.md, and the
// Markdown on stdout. Expects the packages built (`pnpm build`) and this
// package's build (its pages and this runner).
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, platform, release } from 'node:os';
import { join } from 'node:path';
import { findAppStorefronts, startAppStorefront, type RunningAppStorefront } from '../../examples/merchant-server/src/app-servers.js';
import { CHROMIUM_ARGS, launchBrowser, type TestBrowser } from '../../e2e/support/browser.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from '../../e2e/support/servers.js';
import { launchCdpBrowser, type CdpBrowser } from './cdp.js';
import { prepareCheckouts } from './checkouts.js';
import { BENCH_DIR, PAGES_DIR, RAW_PAGE_DIR, ROOT_DIR } from './paths.js';
import { measureTimeToReady, type ReadyVariant } from './ready.js';
import { judge, toMarkdown, type BenchResults, type ReadyConditionResult } from './report.js';
import { countScriptRequests, type RequestCount } from './requests.js';
import { measureSizes } from './size.js';
import { launchSoakBrowser, soak, type SoakResult } from './soak.js';

// `--quick` is for trying the runner out: a few loads and cycles, printed
// only, so that the committed results always come from a full run.
const QUICK = process.argv.includes('--quick');
/** Loads per page and condition. */
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

let fast: SandboxServer | undefined;
let slow: SandboxServer | undefined;
let pages: StaticServer | undefined;
let raw: StaticServer | undefined;
let browser: TestBrowser | undefined;
let readyBrowser: CdpBrowser | undefined;
const appServers: RunningAppStorefront[] = [];

/** The server-rendered storefronts the bench times: their folder, and the name their pages get in the results. */
const SERVER_RENDERED = [
  { folder: 'next-storefront', name: 'Next.js checkout page (server-rendered, preload in its HTML)' },
  { folder: 'nuxt-storefront', name: 'Nuxt checkout page (server-rendered, preload in its HTML)' },
];
const RAW = 'raw (hand-written)';
const REACT_CONTROL = 'React, hand-written (control)';
const VUE_CONTROL = 'Vue, hand-written (control)';

try {
  log('size: size-limit --json at the repository root');
  const size = await measureSizes();

  [fast, slow, pages, raw] = await Promise.all([
    startSandboxServer(),
    startSandboxServer({ widgetDelayMs: SLOW_WIDGET_DELAY_MS }),
    startStaticServer({ root: PAGES_DIR }),
    startStaticServer({ root: RAW_PAGE_DIR }),
  ]);
  const page = (name: string) => `${pages!.url}/${name}/index.html`;

  // Each server-rendered storefront twice, one server per gateway condition: it prepares its checkout while rendering.
  const found = findAppStorefronts(`${ROOT_DIR}/examples`);
  const appUrls = new Map<string, string>();
  for (const { folder } of SERVER_RENDERED) {
    const app = found.find((candidate) => candidate.name === folder);
    if (!app) throw new Error(`examples/${folder} is missing`);
    for (const [label, sandbox] of [
      [FAST_LABEL, fast],
      [SLOW_LABEL, slow],
    ] as const) {
      const gateway = { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId };
      const server = await startAppStorefront(app, { gateway, host: '127.0.0.1', port: 0 });
      appServers.push(server);
      appUrls.set(`${folder} ${label}`, server.url);
    }
  }

  const variants: ReadyVariant[] = [
    { name: RAW, url: `${raw.url}/index.html` },
    { name: REACT_CONTROL, url: page('ready-react-control'), informational: true },
    { name: '@wpwl/react', url: page('ready-react'), control: REACT_CONTROL, goal: 'same-framework' },
    { name: VUE_CONTROL, url: page('ready-vue-control'), informational: true },
    { name: '@wpwl/vue', url: page('ready-vue'), control: VUE_CONTROL, goal: 'same-framework' },
    // No framework: the custom element's own control is the hand-written page.
    { name: '@wpwl/lit (custom element)', url: page('ready-lit'), control: RAW, goal: 'same-framework' },
    ...SERVER_RENDERED.map(({ folder, name }): ReadyVariant => ({
      name,
      url: (label) => `${appUrls.get(`${folder} ${label}`)}/checkout`,
      preparesOwnCheckout: true,
      control: RAW,
      goal: 'server-rendered',
    })),
    {
      name: '@wpwl/react, widget script preloaded',
      url: page('ready-react-preload'),
      onlyUnder: SLOW_LABEL,
      informational: true,
    },
  ];
  const loadsUnder = (label: string) =>
    (LOADS + 1) * variants.filter((v) => !v.preparesOwnCheckout && (!v.onlyUnder || v.onlyUnder === label)).length;

  // Every checkout is prepared before anything is measured, so that no
  // measurement shares the machine with checkout creation. Loading a widget
  // does not use a checkout up, so the soak pages share one pool.
  const soakCheckouts = 2 * (SOAK_WARMUP + SOAK_CYCLES);
  log(`preparing ${loadsUnder(FAST_LABEL) + loadsUnder(SLOW_LABEL) + 6 * REQUEST_MOUNTS + soakCheckouts} checkouts`);
  const conditions = [
    { label: FAST_LABEL, gatewayUrl: fast.url, widgetDelayMs: 0, checkoutIds: await prepareCheckouts(fast, loadsUnder(FAST_LABEL)) },
    {
      label: SLOW_LABEL,
      gatewayUrl: slow.url,
      widgetDelayMs: SLOW_WIDGET_DELAY_MS,
      checkoutIds: await prepareCheckouts(slow, loadsUnder(SLOW_LABEL)),
    },
  ];
  const requestCheckouts = await prepareCheckouts(fast, 6 * REQUEST_MOUNTS);
  const soakIds = await prepareCheckouts(fast, soakCheckouts);

  readyBrowser = await launchCdpBrowser(CHROMIUM_ARGS);
  const chromiumVersion = `Chromium ${(await readyBrowser.version()).split('/')[1]}`;
  log(
    `time-to-ready: ${LOADS} loads per page, ${conditions.map((c) => `${variants.filter((v) => !v.onlyUnder || v.onlyUnder === c.label).length} pages ${c.label}`).join(', ')}`,
  );
  const measured = await measureTimeToReady(readyBrowser, variants, conditions, LOADS, log);
  const ready: ReadyConditionResult[] = measured.map((m, i) => ({ ...m, widgetDelayMs: conditions[i]!.widgetDelayMs }));
  await readyBrowser.close();
  readyBrowser = undefined;

  browser = await launchBrowser();

  const requests: RequestCount[] = [];
  for (const [index, binding] of [
    { name: '@wpwl/react (development build, StrictMode)', page: 'cycle-react-dev' },
    { name: '@wpwl/vue', page: 'cycle-vue' },
    { name: '@wpwl/lit (custom element)', page: 'cycle-lit' },
  ].entries()) {
    log(`requests: ${binding.name}, ${REQUEST_MOUNTS} mounts and checkout-id changes`);
    const ids = requestCheckouts.slice(index * 2 * REQUEST_MOUNTS, (index + 1) * 2 * REQUEST_MOUNTS);
    requests.push(await countScriptRequests(browser, binding.name, `${page(binding.page)}?base=${fast.url}`, ids));
  }
  await browser.close();
  browser = undefined;

  log(`soak: ${SOAK_CYCLES} cycles per page after ${SOAK_WARMUP} warm-up cycles, ${SOAK_LANES} pages at a time`);
  const subjects: Array<{ name: string; page: string; control?: boolean; comparedWith?: string }> = [
    { name: 'raw (hand-written control)', page: 'cycle-raw', control: true },
    { name: 'React, hand-written (control)', page: 'cycle-react-control', control: true },
    { name: '@wpwl/react', page: 'cycle-react', comparedWith: 'React, hand-written (control)' },
    { name: 'Vue, hand-written (control)', page: 'cycle-vue-control', control: true },
    { name: '@wpwl/vue', page: 'cycle-vue', comparedWith: 'Vue, hand-written (control)' },
    { name: '@wpwl/lit (custom element)', page: 'cycle-lit', comparedWith: 'raw (hand-written control)' },
  ];
  const soaks: SoakResult[] = await inLanes(
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

  const cpuList = cpus();
  const partial: Omit<BenchResults, 'goals'> = {
    measuredAt: new Date(started).toISOString(),
    command: QUICK ? 'pnpm --filter @wpwl/bench bench --quick' : 'pnpm bench',
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
    timeToReady: { loadsPerVariant: LOADS, warmupRounds: 1, conditions: ready },
    requests,
    soak: soaks,
  };
  const results: BenchResults = { ...partial, goals: judge(partial) };
  const markdown = toMarkdown(results);
  process.stdout.write(markdown);
  if (QUICK) {
    log('--quick: results files left as they were');
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
