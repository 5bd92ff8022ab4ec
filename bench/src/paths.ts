// Owns where things are. Every module of the runner is bundled into
// bench/dist/run.js, and the sources sit in bench/src: both one level below
// the bench package, so paths are resolved from there.
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

/** The bench package directory. */
export const BENCH_DIR = benchDir;
/** The repository root (where the size-limit config lives). */
export const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** The built bench pages, one directory per page. */
export const PAGES_DIR = fileURLToPath(new URL('../dist/pages', import.meta.url));
/** The hand-written baseline integration of the end-to-end tests. */
export const RAW_PAGE_DIR = fileURLToPath(new URL('../../e2e/raw', import.meta.url));
