// Owns what the reconciliation measure is judged against (the issue's goal:
// a million rows read, checked and matched in 30 s, and at most 200 MB of
// RSS whatever the file's size) and its section of results.md: per
// database, each size's plain parse, reader and whole reconciliation side
// by side, their growth, and where the largest run's time went.
import { table } from './markdown.js';
import type { ReconciliationMeasure, ReconciliationResults, ReconciliationSizeResult } from './reconciliation-results.js';
import type { GoalResult } from './report.js';

/** The file size the time goal is about. */
export const RECONCILIATION_GOAL_ROWS = 1_000_000;
/** A file of {@link RECONCILIATION_GOAL_ROWS} rows read, checked and matched in at most this long. */
export const RECONCILIATION_GOAL_MS = 30_000;
/** Peak RSS of the Node process at every size (decimal megabytes). */
export const RECONCILIATION_GOAL_RSS_BYTES = 200_000_000;

const count = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
const perSecond = (rows: number, ms: number) => count(Math.round(rows / (ms / 1000)));
/** "10k", "100k", "1M". */
const short = (rows: number) =>
  rows >= 1e6 && rows % 1e6 === 0 ? `${rows / 1e6}M` : rows >= 1000 && rows % 1000 === 0 ? `${rows / 1000}k` : count(rows);

/** Why a measure has no figures, in words. */
function missing(measure: Exclude<ReconciliationMeasure, { status: 'measured' }>): string {
  if (measure.status === 'timedOut') return `did not finish in ${Math.round(measure.afterMs / 1000)} s`;
  if (measure.status === 'failed') return `failed: ${measure.error.length > 160 ? `${measure.error.slice(0, 157)}…` : measure.error}`;
  return `not run: ${measure.reason}`;
}

/** A table cell: time, CPU, rows a second, peak RSS. */
function cell(measure: ReconciliationMeasure): string {
  if (measure.status !== 'measured') return missing(measure);
  return `${seconds(measure.wallMs)} (CPU ${seconds(measure.cpuMs)}) · ${perSecond(measure.rows, measure.wallMs)} rows/s · ${mb(measure.peakRssBytes)}`;
}

/** How a measure grows over the sizes: the time's factor from each size to the next, and the peak RSS at each. */
function growth(measures: ReconciliationMeasure[]): string {
  const times: string[] = [];
  for (let i = 1; i < measures.length; i++) {
    const [before, after] = [measures[i - 1]!, measures[i]!];
    times.push(before.status === 'measured' && after.status === 'measured' ? `×${(after.wallMs / before.wallMs).toFixed(1)}` : '—');
  }
  const rss = measures.map((m) => (m.status === 'measured' ? String(Math.round(m.peakRssBytes / 1e6)) : '—')).join(' → ');
  return `time ${times.join(', ')}; RSS ${rss} MB`;
}

/** The run of `database` at `size`. */
const runOf = (size: ReconciliationSizeResult, database: string) => size.databases.find((run) => run.database === database);

/** The reconciliation's goals, per database. */
export function reconciliationGoals(results: ReconciliationResults): GoalResult[] {
  const goals: GoalResult[] = [];
  const goalSize = results.sizes.find((size) => size.file.rows === RECONCILIATION_GOAL_ROWS);
  for (const { database, description } of results.databases) {
    if (goalSize) {
      const run = runOf(goalSize, database);
      const measure = run?.reconcile ?? { status: 'notRun' as const, reason: 'no run' };
      const fast = measure.status === 'measured' && measure.wallMs <= RECONCILIATION_GOAL_MS;
      goals.push({
        goal: `reconciliation: ${short(RECONCILIATION_GOAL_ROWS)} rows read, checked and matched`,
        subject: `${description}, ${count(goalSize.orders)} orders`,
        measured:
          measure.status === 'measured'
            ? `${seconds(measure.wallMs)} (${perSecond(measure.rows, measure.wallMs)} rows/s)${run?.asExpected === false ? '; **outcomes not as expected**' : ''}`
            : missing(measure),
        target: `≤ ${RECONCILIATION_GOAL_MS / 1000} s`,
        met: fast && run?.asExpected === true,
      });
    }
    const peaks = results.sizes.map((size) => ({ rows: size.file.rows, measure: runOf(size, database)?.reconcile }));
    const all = peaks.every(({ measure }) => measure?.status === 'measured');
    goals.push({
      goal: 'reconciliation: peak RSS whatever the file size',
      subject: description,
      measured: `${peaks
        .map(
          ({ rows, measure }) =>
            `${short(rows)}: ${measure?.status === 'measured' ? mb(measure.peakRssBytes) : measure ? missing(measure) : 'no run'}`,
        )
        .join(
          ', ',
        )} (the Node process${database === 'PostgreSQL' ? '; the PostgreSQL server is another process, not counted' : ', PGlite included'})`,
      target: `≤ ${mb(RECONCILIATION_GOAL_RSS_BYTES)}`,
      met: all && peaks.every(({ measure }) => measure?.status === 'measured' && measure.peakRssBytes <= RECONCILIATION_GOAL_RSS_BYTES),
    });
  }
  return goals;
}

/** Outcomes of a run against what the file says, in words. */
function outcomesCell(size: ReconciliationSizeResult, database: string): string {
  const run = runOf(size, database);
  if (!run || run.reconcile.status !== 'measured') return '—';
  const got = run.reconcile.outcomes ?? {};
  if (run.asExpected)
    return `as expected (${Object.entries(got)
      .map(([kind, n]) => `${kind} ${count(n)}`)
      .join(', ')})`;
  const kinds = [...new Set([...Object.keys(run.expected), ...Object.keys(got)])];
  return `**not as expected**: ${kinds
    .filter((kind) => (got[kind] ?? 0) !== (run.expected[kind] ?? 0))
    .map((kind) => `${kind} ${count(got[kind] ?? 0)} (expected ${count(run.expected[kind] ?? 0)})`)
    .join(', ')}`;
}

/** Where a run's peak RSS was, in words: before the work, the JavaScript heap at its highest, the rest. */
function memoryWords(measure: Extract<ReconciliationMeasure, { status: 'measured' }>, database: string): string {
  if (measure.heapUsedPeakBytes === undefined) return '';
  return (
    `Its RSS was ${mb(measure.rssBeforeBytes)} when the run began (Node, the modules${database === 'PGlite' ? ', PGlite started' : ''}) ` +
    `and peaked at ${mb(measure.peakRssBytes)}; the JavaScript heap in use was at most ${mb(measure.heapUsedPeakBytes)} ` +
    `(sampled every 100 ms: live objects and garbage not yet collected), memory outside it ${mb(measure.externalPeakBytes ?? 0)}` +
    `${database === 'PGlite' ? " (PGlite's WebAssembly memory is counted there)" : ' (buffers)'}.`
  );
}

/** The reconciliation section of results.md. */
export function reconciliationSection(results: ReconciliationResults): string[] {
  const out: string[] = [];
  const env = results.environment;
  out.push(`## Reconciliation (settlement files matched with the shop's orders)`);
  out.push(
    `Measured ${results.measuredAt.slice(0, 10)} with \`${results.command}\` in ${(results.durationMs / 60000).toFixed(1)} min ` +
      `(on its own, after the rest of this file): Node ${env.node}, ${env.cpus} × ${env.cpuModel}, ${env.platform}; ` +
      `load average ${env.loadAverage.start.map((n) => n.toFixed(1)).join(' / ')} at the start, ` +
      `${env.loadAverage.end.map((n) => n.toFixed(1)).join(' / ')} at the end. ` +
      `Each file is made by the sandbox's \`generateSettlementFile\` (seed ${results.seed}: one SETTLED row per order, ` +
      `a refund for about 3 % of them and a chargeback for about 1 % later in the file, a quarter of the chargebacks reversed, ` +
      `one FEE row), and the database holds as many paid orders as the file has rows, put in by bulk SQL as the settlement ` +
      `stores them (\`generatedOrder(n)\`'s ids and amounts, the refunds the file settles recorded on their orders; ` +
      `the orders past the file's were paid within the last hour), then \`ANALYZE\`. ` +
      `Every figure is one measurement in a fresh Node process: wall time of the work alone (opening the database apart), ` +
      `the process's CPU time, rows a second, and the process's peak RSS from its start (\`process.resourceUsage().maxRSS\`). ` +
      `PostgreSQL's server is another process, so its memory is not in the figure; PGlite runs inside the Node process, ` +
      `so its memory is. A process still running after ${Math.round(results.timeoutMs / 1000)} s is killed and its figure ` +
      `says so. Databases: ${results.databases.map((d) => d.description).join('; ')}.`,
  );
  const goals = reconciliationGoals(results);
  out.push(
    table(
      ['Goal', 'Subject', 'Measured', 'Target', 'Met'],
      goals.map((g) => [g.goal, g.subject, g.measured, g.target, g.met ? 'yes' : '**no**']),
    ),
  );
  const sizes = results.sizes;
  for (const { database, description } of results.databases) {
    out.push(`### ${description}`);
    const rows: string[][] = sizes.map((size) => {
      const run = runOf(size, database);
      return [
        `${count(size.file.rows)} (${mb(size.file.bytes)} file, ${count(size.orders)} orders)`,
        cell(size.parse),
        cell(size.read),
        run ? cell(run.reconcile) : '—',
        run ? (run.seed.status === 'done' ? seconds(run.seed.ms) : missing(run.seed)) : '—',
        outcomesCell(size, database),
      ];
    });
    if (sizes.length > 1) {
      rows.push([
        `growth ${sizes.map((size) => short(size.file.rows)).join(' → ')}`,
        growth(sizes.map((size) => size.parse)),
        growth(sizes.map((size) => size.read)),
        growth(sizes.map((size) => runOf(size, database)?.reconcile ?? { status: 'notRun', reason: 'no run' })),
        '',
        '',
      ]);
    }
    out.push(
      table(
        [
          'Rows',
          'csv-parse alone (parse only)',
          '`readSettlementFile` (read + checked)',
          '`reconcileSettlementFiles` (read + checked + matched + recorded)',
          'Seeding the orders',
          'Outcomes',
        ],
        rows,
      ),
    );
    // Where the largest finished run's time went.
    const largest = [...sizes].reverse().find((size) => runOf(size, database)?.reconcile.status === 'measured');
    const run = largest && runOf(largest, database);
    if (largest && run?.reconcile.status === 'measured' && run.reconcile.statements?.length) {
      const { statements, wallMs, openMs } = run.reconcile;
      const sqlMs = statements.reduce((sum, s) => sum + s.totalMs, 0);
      out.push(
        `Where the time of the ${count(largest.file.rows)}-row run went: from each statement's call to its answer, ` +
          `${seconds(sqlMs)} summed, ${Math.round((100 * sqlMs) / wallMs)} % of the run's ${seconds(wallMs)} ` +
          `(a batch's transaction runs while the next batch's orders are looked up and the one after is read: ` +
          `${database === 'PGlite' ? 'PGlite runs one statement at a time, so their times include waiting for one another' : 'on connections of their own'}); ` +
          `the reader alone takes ` +
          `${largest.read.status === 'measured' ? seconds(largest.read.wallMs) : 'an unknown time'} for the same file` +
          `${openMs !== undefined && openMs >= 50 ? `; opening the database took ${seconds(openMs)} more` : ''}. ` +
          memoryWords(run.reconcile, database),
      );
      out.push(
        table(
          ['Statement', 'Calls', 'Total', 'Mean', 'Longest'],
          statements
            .slice(0, 10)
            .map((s) => [
              `\`${s.statement.replace(/\|/g, '\\|')}\``,
              count(s.calls),
              seconds(s.totalMs),
              `${(s.totalMs / s.calls).toFixed(1)} ms`,
              `${s.maxMs.toFixed(0)} ms`,
            ]),
        ),
      );
    }
  }
  return out;
}
