// Owns the size measure: the repository's own size-limit run (the same
// config file and plugins `pnpm size` enforces), its JSON output, with each
// entry's budget as the config spells it.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT_DIR } from './paths.js';

/** One size-limit entry. */
export interface SizeResult {
  name: string;
  /** The measured file, relative to the repository root. */
  path: string;
  /** What is imported from it (`*`, `{ loadPaymentWidgets }`), when the entry says. */
  import?: string;
  /** Minified and gzipped bytes, as size-limit measures them. */
  bytes: number;
  /** The budget as written in the config, e.g. `1.5 KB`; none for an anchor (another library, measured for comparison). */
  limit?: string;
  /** The budget in bytes (size-limit's kB are 1000 bytes). */
  limitBytes?: number;
  /** Within the budget; true for an entry without one. */
  passed: boolean;
}

interface ConfigEntry {
  name: string;
  path: string;
  import?: string;
  limit?: string;
}

interface SizeLimitOutput {
  name: string;
  size: number;
  sizeLimit?: number;
  passed?: boolean;
}

/** Runs size-limit at the repository root; an entry over its budget is reported, not thrown. */
export async function measureSizes(): Promise<SizeResult[]> {
  const config = ((await import(pathToFileURL(join(ROOT_DIR, '.size-limit.js')).href)) as { default: ConfigEntry[] }).default;
  const manifest = createRequire(join(ROOT_DIR, 'package.json')).resolve('size-limit/package.json');
  const { bin } = JSON.parse(await readFile(manifest, 'utf8')) as { bin: string };
  // size-limit exits with 1 when an entry is over budget; its JSON is on stdout either way.
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [join(dirname(manifest), bin), '--json'], { cwd: ROOT_DIR, maxBuffer: 1 << 20 }, (error, out, err) => {
      if (out.trim().startsWith('[')) resolve(out);
      else reject(new Error(`size-limit failed: ${err || out || String(error)}`));
    });
  });
  const measured = JSON.parse(stdout) as SizeLimitOutput[];
  return config.map((entry) => {
    const result = measured.find((m) => m.name === entry.name);
    if (!result) throw new Error(`size-limit reported nothing for "${entry.name}"`);
    const budget = entry.limit && result.sizeLimit !== undefined ? { limit: entry.limit, limitBytes: result.sizeLimit } : {};
    return {
      name: entry.name,
      path: entry.path,
      ...(entry.import ? { import: entry.import } : {}),
      bytes: result.size,
      ...budget,
      passed: budget.limitBytes === undefined ? true : (result.passed ?? result.size <= budget.limitBytes),
    };
  });
}
