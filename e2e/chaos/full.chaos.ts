// `pnpm chaos`: the full chaos run (200 shoppers, 6 merchant restarts …), on
// the embedded store with one merchant server and on PostgreSQL with two.
// Prints each run's table and writes both to e2e/.tmp/chaos-results.md.
// CHAOS_STORES=embedded (or postgres) runs one; CHAOS_SEED, CHAOS_SHOPPERS
// and the other CHAOS_* settings of options.ts change the run.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { chaosOptions, FULL_DEFAULTS, type ChaosStore } from './options.js';
import { runChaos, type ChaosResult } from './run.js';
import { chaosFailures, chaosTable } from './table.js';

const results: ChaosResult[] = [];
const stores = (process.env.CHAOS_STORES ?? 'embedded,postgres').split(',').map((s) => s.trim());
const resultsFile = fileURLToPath(new URL('../.tmp/chaos-results.md', import.meta.url));

const runs: Array<{ store: ChaosStore; instances: number; title: string }> = [
  { store: 'embedded', instances: 1, title: 'embedded store, one merchant server' },
  { store: 'postgres', instances: 2, title: 'PostgreSQL, two merchant servers' },
];

describe('chaos run (pnpm chaos)', () => {
  afterAll(async () => {
    if (results.length === 0) return;
    await mkdir(fileURLToPath(new URL('../.tmp/', import.meta.url)), { recursive: true });
    const text = [
      `# Chaos run, ${new Date().toISOString()}`,
      '',
      chaosTable(results),
      '',
      ...results.map((r) => `- ${r.options.store}: seed ${r.options.seed}, events in ${r.folder}/events.log`),
      '',
    ].join('\n');
    await writeFile(resultsFile, text);
    console.log(`${chaosTable(results)}\n(written to e2e/.tmp/chaos-results.md)`);
  });

  for (const run of runs) {
    it.runIf(stores.includes(run.store))(`${run.title}: no payment lost, duplicated, wrong or left pending`, async () => {
      const result = await runChaos(chaosOptions(FULL_DEFAULTS, { store: run.store, instances: run.instances }));
      results.push(result);
      console.log([chaosTable([result]), ...result.stories, `(events: ${result.folder}/events.log)`].join('\n'));
      expect(chaosFailures(result)).toEqual([]);
    });
  }
});
