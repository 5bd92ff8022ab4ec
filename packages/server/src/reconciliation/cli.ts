// The wpwl-reconcile command: checks its arguments and files, opens the
// shop's database (PostgreSQL or the embedded one of a data folder) and
// brings its schema up to date, reconciles the settlement files in name
// order under the database's run lock (one run at a time, this command's or
// the shop page's), writes every exception into exceptions-<runId>.csv and .json,
// prints the summary, and exits 0 (no exception), 1 (exceptions) or 2 (a
// usage error, or a file, folder or database it cannot open, or a run that
// could not finish). Progress goes to stderr at most once a second.
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { migrateSettlementSchema } from '../settlement/sql-store.js';
import { followCommand, onCommandGone, runInBoundedHeap } from './cli-heap.js';
import { CliDatabaseError, openCliDatabase, type OpenedDatabase } from './cli-database.js';
import { parseReconcileCli, USAGE } from './cli-options.js';
import { startExceptionFiles, type ExceptionFiles } from './exception-files.js';
import { reconcileSettlementFiles } from './reconcile.js';
import { ReconciliationRunningError, withReconciliationRunLock } from './run-lock.js';
import { sqlReconciliationStore } from './sql-store.js';
import { formatReconciliationSummary } from './summary.js';

const NAME = 'wpwl-reconcile';
/** Exit statuses. */
const OK = 0;
const EXCEPTIONS = 1;
const CANNOT = 2;

const fail = (message: string) => {
  console.error(`${NAME}: ${message}`);
  return CANNOT;
};

/** Why a settlement file cannot be read, or undefined when it can. */
function unreadable(file: string): string | undefined {
  try {
    if (!statSync(file).isFile()) return 'not a file';
    accessSync(file, constants.R_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
  }
}

/** Prints rows and rows per second on stderr, at most once a second, from the first second on. */
function progressPrinter(quiet: boolean) {
  const started = Date.now();
  let lastPrinted = started;
  let rowsOfEarlierFiles = 0;
  let currentFile = '';
  let rowsOfCurrent = 0;
  return (progress: { file: string; rows: number }) => {
    if (progress.file !== currentFile) {
      rowsOfEarlierFiles += rowsOfCurrent;
      currentFile = progress.file;
    }
    rowsOfCurrent = progress.rows;
    const now = Date.now();
    if (quiet || now - lastPrinted < 1000) return;
    lastPrinted = now;
    const rate = Math.round((rowsOfEarlierFiles + rowsOfCurrent) / ((now - started) / 1000));
    console.error(`${NAME}: ${progress.file}: ${progress.rows.toLocaleString('en')} rows, ${rate.toLocaleString('en')} rows/s`);
  };
}

async function main(): Promise<number> {
  const command = parseReconcileCli(process.argv.slice(2), process.env);
  if (command.kind === 'help') {
    console.log(USAGE);
    return OK;
  }
  if (command.kind === 'error') {
    console.error(`${NAME}: ${command.message}\nRun ${NAME} --help for the usage.`);
    return CANNOT;
  }

  for (const file of command.files) {
    const why = unreadable(file);
    if (why) return fail(`cannot open the settlement file ${file}: ${why}`);
  }
  const outDir = resolve(command.outDir);
  try {
    mkdirSync(outDir, { recursive: true });
  } catch (error) {
    return fail(`cannot make the --out folder ${outDir}: ${(error as Error).message}`);
  }

  let database: OpenedDatabase;
  try {
    database = await openCliDatabase(command.database);
  } catch (error) {
    if (error instanceof CliDatabaseError) return fail(error.message);
    return fail(`cannot open the database: ${(error as Error).message}`);
  }
  let exceptionFiles: ExceptionFiles | undefined;
  // Stopped half-way (Ctrl-C): the folder is given up and no file is left that looks complete.
  const stop = (signal: NodeJS.Signals, why = `by ${signal}`) => {
    exceptionFiles?.discard();
    database.abandon();
    console.error(`${NAME}: stopped ${why}; rows recorded so far stay recorded, a new run goes on from there`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // The bounded process of a command that has ended (killed, even by SIGKILL): the run ends too.
  const forgetCommand = onCommandGone(() => stop('SIGTERM', 'with the command that started it'));

  try {
    try {
      await migrateSettlementSchema(database.sql);
    } catch (error) {
      return fail(`cannot open ${database.description}: ${(error as Error).message}`);
    }
    try {
      exceptionFiles = startExceptionFiles(outDir);
    } catch (error) {
      return fail(`cannot write into the --out folder ${outDir}: ${(error as Error).message}`);
    }
    const files = exceptionFiles;
    let report;
    try {
      report = await withReconciliationRunLock(database.sql, () =>
        reconcileSettlementFiles({
          files: command.files,
          store: sqlReconciliationStore(database.sql),
          missingAfterDays: command.missingAfterDays,
          onException: (exception) => files.add(exception),
          onProgress: progressPrinter(command.quiet),
        }),
      );
    } catch (error) {
      files.discard();
      if (error instanceof ReconciliationRunningError) return fail(`${error.message} [${error.code}]`);
      return fail(`the run stopped: ${(error as Error).message}`);
    }
    const written = files.finish(report.runId);
    console.log(formatReconciliationSummary(report, { database: database.description, exceptionFiles: written }));
    return report.exceptionCount === 0 ? OK : EXCEPTIONS;
  } finally {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
    forgetCommand();
    await database.close().catch((error: unknown) => console.error(`${NAME}: closing the database: ${(error as Error).message}`));
  }
}

// The work runs in a process with a bounded heap (cli-heap.ts); this one only waits for it then.
// In that process, the command's end is watched before anything else, so a kill during start-up is not missed.
followCommand();
runInBoundedHeap()
  .then((code) => code ?? main())
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${NAME}: unexpected error`, error);
      process.exitCode = CANNOT;
    },
  );
