// Owns the database folders of the example merchant servers the tests start:
// a fresh folder each (git-ignored, under e2e/.tmp), removed when the test is
// done. A new embedded database takes seconds to initialise, so the first one
// is kept as a template and later folders start as its copy.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { OrderStore } from '../../examples/merchant-server/src/store.js';

const tmp = fileURLToPath(new URL('../.tmp/', import.meta.url));
/** The PGlite the merchant server runs (its files are kept in that version's format): its package folder holds dist/index.js. */
const pgliteEntry = createRequire(new URL('../../examples/merchant-server/package.json', import.meta.url)).resolve('@electric-sql/pglite');
const pgliteVersion = (JSON.parse(readFileSync(join(dirname(pgliteEntry), '..', 'package.json'), 'utf8')) as { version: string }).version;
const template = `${tmp}merchant-db-template-${pgliteVersion}`;

/** A folder holding an initialised (and migrated, as of the template) embedded database. */
export interface DataDir {
  dir: string;
  remove(): void;
}

async function ensureTemplate(): Promise<void> {
  if (existsSync(template)) return;
  mkdirSync(tmp, { recursive: true });
  const building = mkdtempSync(`${tmp}merchant-db-building-`);
  const store = await OrderStore.open({ dataDir: building });
  await store.close();
  try {
    renameSync(building, template);
  } catch {
    // Another test process made it first.
    rmSync(building, { recursive: true, force: true });
  }
}

/** A new database folder for one merchant server (or for several starts of one, to test restarts). */
export async function freshDataDir(): Promise<DataDir> {
  await ensureTemplate();
  const dir = mkdtempSync(`${tmp}merchant-db-`);
  cpSync(template, dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
