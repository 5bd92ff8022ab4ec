// Owns the wpwl-reconcile command line: the usage text, the parsing of the
// arguments (and of DATABASE_URL) into what the command does, each usage
// error naming its flag and the rule, and the name order the files are
// reconciled in. Pure: cli.ts runs what this decides, and tests parse
// without starting anything.
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

export const USAGE = `Usage: wpwl-reconcile <file…> [--database-url URL | --data-dir DIR] [--missing-after-days N] [--out DIR] [--quiet]

Matches the gateway's settlement files with the shop's orders, records each
row once, and writes every exception found into --out.
  <file…>               settlement files (CSV), reconciled in name order, oldest first
  --database-url URL    the shop's PostgreSQL (default: the DATABASE_URL variable);
                        needs the package pg
  --data-dir DIR        the shop's embedded database folder (its files in DIR/pgdata),
                        when no database URL is given (default ./data);
                        needs the package @electric-sql/pglite
  --missing-after-days N
                        paid orders older than N days and in no file are exceptions
                        (default 5)
  --out DIR             where exceptions-<run id>.csv and .json are written
                        (default: the current folder)
  --quiet               no progress lines on stderr (the summary is still printed)
  -h, --help            this text

Exit status: 0 no exception, 1 exceptions found (see the files),
2 a usage error, a file, folder or database that cannot be opened, or another
reconciliation running on the same database (the shop's page or this command).`;

/** Where the orders are. */
export type CliDatabase = { kind: 'postgres'; url: string } | { kind: 'embedded'; dataDir: string };

/** What the arguments ask for. */
export type ReconcileCommand =
  | { kind: 'help' }
  | { kind: 'error'; message: string }
  | {
      kind: 'run';
      /** The files as given, in the order they are reconciled. */
      files: string[];
      database: CliDatabase;
      missingAfterDays: number;
      outDir: string;
      quiet: boolean;
    };

const DEFAULT_MISSING_AFTER_DAYS = 5;
/** What each flag's value is, for a usage error. */
const VALUES: Record<string, string> = {
  '--database-url': 'a PostgreSQL URL',
  '--data-dir': 'a folder',
  '--missing-after-days': 'a whole number of days, 0 or more',
  '--out': 'a folder',
};
/** Ten years: a longer window is a typo. */
const MAX_MISSING_AFTER_DAYS = 3650;

/** The flag a node:util parseArgs error is about, e.g. `--out`. */
function flagOf(message: string): string {
  return /'(-{1,2}[^'\s]+)/.exec(message)?.[1]?.replace(/^(--[^=]+)=.*$/, '$1') ?? 'an option';
}

/**
 * Parses the command line (without the node and script arguments).
 * `env.DATABASE_URL` stands in for `--database-url`; an explicit `--data-dir` wins over it.
 */
export function parseReconcileCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): ReconcileCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        'missing-after-days': { type: 'string' },
        out: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return { kind: 'error', message: `unknown option ${flagOf(message)}` };
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const flag = flagOf(message);
      return {
        kind: 'error',
        message: VALUES[flag] ? `${flag} needs a value: ${VALUES[flag]}` : `${flag} takes no value`,
      };
    }
    return { kind: 'error', message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };

  for (const flag of ['database-url', 'data-dir', 'missing-after-days', 'out'] as const) {
    if (values[flag] !== undefined && values[flag].trim() === '') return { kind: 'error', message: `--${flag} must not be empty` };
  }
  if (values['database-url'] !== undefined && values['data-dir'] !== undefined) {
    return { kind: 'error', message: '--database-url and --data-dir name two databases: give one of them' };
  }
  const url = values['database-url'] ?? (values['data-dir'] === undefined ? env.DATABASE_URL || undefined : undefined);
  if (url !== undefined && !/^postgres(ql)?:\/\//i.test(url)) {
    const source = values['database-url'] !== undefined ? '--database-url' : 'DATABASE_URL';
    return { kind: 'error', message: `${source} must be a PostgreSQL URL (postgres://user:password@host:port/database)` };
  }

  let missingAfterDays = DEFAULT_MISSING_AFTER_DAYS;
  const days = values['missing-after-days'];
  if (days !== undefined) {
    if (!/^[0-9]{1,4}$/.test(days) || Number(days) > MAX_MISSING_AFTER_DAYS) {
      return {
        kind: 'error',
        message: `--missing-after-days must be a whole number of days from 0 to ${MAX_MISSING_AFTER_DAYS}, got "${days}"`,
      };
    }
    missingAfterDays = Number(days);
  }

  if (positionals.length === 0) return { kind: 'error', message: 'name at least one settlement file: wpwl-reconcile <file…>' };
  const files = [...new Set(positionals)].sort(compareFileNames);

  return {
    kind: 'run',
    files,
    database: url !== undefined ? { kind: 'postgres', url } : { kind: 'embedded', dataDir: values['data-dir'] ?? 'data' },
    missingAfterDays,
    outDir: values.out ?? '.',
    quiet: values.quiet,
  };
}

/** A name split into runs of digits (compared as numbers) and of other characters. */
const chunks = (name: string) => name.match(/\d+|\D+/g) ?? [];

/**
 * Orders settlement files oldest first by their names: the name without its
 * extension, numbers compared as numbers, so `settlement-2026-11-27.csv`
 * comes before `settlement-2026-11-27-2.csv`, and `-2` before `-10`. Names
 * that tie (one name in two folders) keep the order of their paths.
 */
export function compareFileNames(a: string, b: string): number {
  const stem = (path: string) => basename(path).replace(/\.[^.]*$/, '');
  const [left, right] = [chunks(stem(a)), chunks(stem(b))];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const [x, y] = [left[i]!, right[i]!];
    const numeric = /^\d/.test(x) && /^\d/.test(y);
    const order = numeric ? Number(x) - Number(y) || x.length - y.length : x < y ? -1 : x > y ? 1 : 0;
    if (order !== 0) return Math.sign(order);
  }
  if (left.length !== right.length) return left.length - right.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
