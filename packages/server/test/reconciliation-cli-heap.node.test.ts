// The command's bounded heap: when it starts a second, bounded process for
// its work, and when it does the work itself.
import { describe, expect, it } from 'vitest';
import { needsBoundedHeap, RECONCILE_HEAP_MB } from '../src/reconciliation/cli-heap.js';

describe('wpwl-reconcile heap bound', () => {
  it('starts a bounded process unless a bound was chosen or this is that process', () => {
    expect(RECONCILE_HEAP_MB).toBeLessThan(200);
    expect(needsBoundedHeap([], {})).toBe(true);
    expect(needsBoundedHeap(['--enable-source-maps'], { NODE_OPTIONS: '--no-warnings' })).toBe(true);
    // The user's own bound wins, in node's flags or in NODE_OPTIONS, in either spelling.
    expect(needsBoundedHeap(['--max-old-space-size=512'], {})).toBe(false);
    expect(needsBoundedHeap([], { NODE_OPTIONS: '--no-warnings --max_old_space_size=64' })).toBe(false);
    // The bounded process itself does the work.
    expect(needsBoundedHeap([], { WPWL_RECONCILE_BOUNDED_HEAP: '1' })).toBe(false);
  });
});
