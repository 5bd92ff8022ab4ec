// The settings wpwl-reconcile opens the embedded database with: PostgreSQL's
// memory lowered, PGlite's own start arguments kept (the option replaces them).
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { RECONCILE_PGLITE_SETTINGS, reconcilePgliteOptions } from '../src/reconciliation/cli-pglite.js';

describe('wpwl-reconcile PGlite settings', () => {
  it('opens PGlite with small buffers and its own defaults still in force', async () => {
    const db = new PGlite(reconcilePgliteOptions());
    try {
      await db.waitReady;
      const show = async (name: string) => ((await db.query<Record<string, string>>(`SHOW ${name}`)).rows[0] ?? {})[name];
      for (const [name, value] of Object.entries(RECONCILE_PGLITE_SETTINGS)) expect(await show(name)).toBe(value);
      expect(await show('shared_buffers')).toBe('16MB');
      // PGlite's own arguments: no parallel workers (it cannot start processes), public schema first.
      expect(await show('max_parallel_workers_per_gather')).toBe('0');
      expect(await show('search_path')).toBe('public');
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM generate_series(1, 1000)')).rows[0]?.n).toBe(1000);
    } finally {
      await db.close();
    }
  }, 60_000); // a fresh in-memory database runs initdb first: seconds on a busy machine
});
