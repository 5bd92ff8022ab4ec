// Owns the text a reconciliation report is summed up in for a terminal: the
// files and what was read of each, the count of each outcome (in the order
// of RECONCILIATION_OUTCOME_WORDS), the totals per settlement date and
// currency in aligned columns, and how many exceptions there are and where
// they were written. Plain text, no colours: it goes to logs and mails too.
import { basename } from 'node:path';
import type { ReconciliationOutcomeKind, ReconciliationReport } from './outcome.js';
import { RECONCILIATION_OUTCOME_WORDS } from './outcome-words.js';

/** What the summary says beside the report. */
export interface SummaryContext {
  /** Where the orders are, e.g. `the embedded database in /srv/shop/data`. */
  database: string;
  /** The exception files written, when they were. */
  exceptionFiles?: { csv: string; json: string };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Lines of cells in columns: text left-aligned, the columns named in `right` right-aligned. */
function table(rows: string[][], right: ReadonlySet<number>): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    `  ${row.map((cell, column) => (right.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ')}`.trimEnd(),
  );
}

/** The summary of `report`, as printed by wpwl-reconcile. */
export function formatReconciliationSummary(report: ReconciliationReport, context: SummaryContext): string {
  const seconds = (new Date(report.finishedAt).getTime() - new Date(report.startedAt).getTime()) / 1000;
  const lines = [
    `Reconciled ${plural(report.files.length, 'file')} with ${context.database}`,
    `  run ${report.runId}, ${seconds.toFixed(1)} s`,
  ];

  lines.push('', 'Files');
  lines.push(
    ...table(
      report.files.map((file) => [
        basename(file.file),
        plural(file.rows, 'row'),
        plural(file.records, 'record'),
        plural(file.rowErrors, 'row error'),
        `${file.alreadyReconciled} already reconciled`,
      ]),
      new Set([1, 2, 3, 4]),
    ),
  );

  lines.push('', 'Outcomes');
  const kinds = (Object.keys(RECONCILIATION_OUTCOME_WORDS) as ReconciliationOutcomeKind[]).filter((kind) => report.counts[kind]);
  if (kinds.length === 0) lines.push('  (no rows, and no paid order missing from the files)');
  else
    lines.push(
      ...table(
        kinds.map((kind) => [kind, String(report.counts[kind]), RECONCILIATION_OUTCOME_WORDS[kind].label]),
        new Set([1]),
      ),
    );

  lines.push('', 'Totals per settlement date and currency');
  if (report.totals.length === 0) lines.push('  (none)');
  else
    lines.push(
      ...table(
        [
          ['date', 'currency', 'rows', 'credited', 'debited', 'fees', 'net'],
          ...report.totals.map((t) => [t.settlementDate, t.currency, String(t.rows), t.credited, t.debited, t.fees, t.net]),
        ],
        new Set([2, 3, 4, 5, 6]),
      ),
    );

  lines.push('');
  if (report.exceptionCount === 0) lines.push('No exceptions.');
  else {
    const byKind = kinds
      .filter((kind) => !['settled', 'refundSettled', 'fee'].includes(kind))
      .map((kind) => `${report.counts[kind]} ${kind}`)
      .join(', ');
    lines.push(`${plural(report.exceptionCount, 'exception')} for a person to look at: ${byKind}`);
  }
  if (context.exceptionFiles) lines.push(`  ${context.exceptionFiles.csv}`, `  ${context.exceptionFiles.json}`);
  return lines.join('\n');
}
