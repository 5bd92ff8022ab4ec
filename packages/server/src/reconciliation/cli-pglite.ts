// The settings the wpwl-reconcile command opens the embedded database
// (PGlite) with. PGlite's PostgreSQL is WebAssembly inside the Node process:
// its memory is the command's, and WebAssembly memory never shrinks, so what
// PostgreSQL touches once stays in the process's RSS. PGlite's own start
// arguments give PostgreSQL 128 MB of shared buffers, all of them touched when
// it opens (the process's RSS about 310 MB before the first row); a run reads
// each order and writes each settlement row once, so a small buffer pool
// costs it no time. These are PGlite's own start arguments (the option
// replaces them, it does not add to them) with the memory settings lowered.

/** PGlite 0.5's default start arguments (its `startParams`), kept as they are. */
const PGLITE_DEFAULT_START_PARAMS: readonly string[] = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];

/** PostgreSQL's memory settings for a reconciliation run on PGlite. */
export const RECONCILE_PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '1MB',
};

/** The options the command gives `new PGlite(dir, options)`. */
export function reconcilePgliteOptions(): { startParams: string[] } {
  const settings = Object.entries(RECONCILE_PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return { startParams: [...PGLITE_DEFAULT_START_PARAMS, ...settings] };
}
