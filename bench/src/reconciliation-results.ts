// Owns the JSON shape of the reconciliation measure (results.json's
// `reconciliation`): per file size, a plain csv-parse parse, the settlement
// reader alone and the whole reconciliation against each database, each one
// measurement in a Node process of its own.

/** What the generated file of one size holds. */
export interface ReconciliationFileFacts {
  /** Rows after the header. */
  rows: number;
  /** Orders 1 to `orders` have a row in the file (the other rows are their refunds, chargebacks and reversals, and the FEE row). */
  orders: number;
  settled: number;
  refunds: number;
  chargebacks: number;
  chargebackReversals: number;
  fees: number;
  bytes: number;
  /** SettlementDate of its rows. */
  settlementDate: string;
}

/** One SQL statement's share of a reconciliation run. */
export interface StatementTime {
  /** The statement's first words. */
  statement: string;
  calls: number;
  /** Summed wall time of its calls (they overlap the reading of the next batch, and each other). */
  totalMs: number;
  maxMs: number;
}

/** One measurement, as the child process reports it. */
export interface ReconciliationMeasureFigures {
  /** Rows after the header handled. */
  rows: number;
  wallMs: number;
  /** User and system CPU time of the process over the same span (the garbage collector's threads included). */
  cpuMs: number;
  /** Peak resident set size of the Node process from its start (`process.resourceUsage().maxRSS`): modules and all. */
  peakRssBytes: number;
  /** Its resident set size when the measured work began (modules loaded, database open). */
  rssBeforeBytes: number;
  /** Highest `heapUsed` seen (sampled every 100 ms): the JavaScript heap's live and not yet collected objects. */
  heapUsedPeakBytes?: number;
  /** Highest `external` seen (sampled the same way): memory of JavaScript objects kept outside the heap (buffers; PGlite's WebAssembly memory). */
  externalPeakBytes?: number;
  /** Opening the database (PGlite: starting it inside the process); not in `wallMs`. */
  openMs?: number;
  /** Rows per outcome (`read`: per entry kind). */
  outcomes?: Record<string, number>;
  exceptionCount?: number;
  /** `reconcile`: every SQL statement's calls and time. */
  statements?: StatementTime[];
}

/** A measurement, or why there is none. */
export type ReconciliationMeasure =
  | ({ status: 'measured' } & ReconciliationMeasureFigures)
  | { status: 'timedOut'; afterMs: number }
  | { status: 'failed'; error: string }
  | { status: 'notRun'; reason: string };

/** The reconciliation of one file against one database. */
export interface ReconciliationDatabaseRun {
  /** `PostgreSQL` or `PGlite`. */
  database: string;
  /** Putting the orders in (a child process of its own: bulk SQL, then ANALYZE); not measured as part of the reconciliation. */
  seed: { status: 'done'; ms: number } | Exclude<ReconciliationMeasure, { status: 'measured' }>;
  reconcile: ReconciliationMeasure;
  /** The outcomes a correct run gives this file against these orders. */
  expected: Record<string, number>;
  /** True when the run's outcomes are exactly `expected`. */
  asExpected?: boolean;
}

/** Everything measured for one file size. */
export interface ReconciliationSizeResult {
  file: ReconciliationFileFacts;
  /** Paid orders in the database: one per row of the file (orders past the file's are recent, not yet due in a file). */
  orders: number;
  /** csv-parse alone: the file's bytes into arrays of fields, nothing checked. */
  parse: ReconciliationMeasure;
  /** `readSettlementFile` alone: rows read, checked and typed. */
  read: ReconciliationMeasure;
  databases: ReconciliationDatabaseRun[];
}

/** A database the runs used, in words. */
export interface ReconciliationDatabaseInfo {
  database: string;
  description: string;
}

/** The reconciliation measure's results. */
export interface ReconciliationResults {
  measuredAt: string;
  command: string;
  durationMs: number;
  environment: {
    node: string;
    platform: string;
    cpus: number;
    cpuModel: string;
    loadAverage: { start: number[]; end: number[] };
  };
  databases: ReconciliationDatabaseInfo[];
  /** The generator's seed. */
  seed: number;
  /** Each child process is killed after this long. */
  timeoutMs: number;
  sizes: ReconciliationSizeResult[];
}
