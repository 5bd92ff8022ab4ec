import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { TEST_CARDS } from '@wpwl/sandbox';

it('documents every test card with its result code in the README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  for (const card of TEST_CARDS) {
    const row = readme.split('\n').find((line) => line.startsWith(`| ${card.number} |`));
    expect(row, card.number).toBeDefined();
    expect(row, card.number).toContain(`| ${card.brand} |`);
    const { outcome } = card;
    const code =
      outcome.kind === 'decline' || outcome.kind === 'uncertain'
        ? outcome.result.code
        : outcome.kind === 'challenge'
          ? '000.200.000'
          : '000.100.110';
    expect(row, card.number).toContain(code);
    if (outcome.kind === 'uncertain') {
      // The row names the final result it settles to as well.
      expect(row, card.number).toContain(outcome.settlesTo.kind === 'success' ? '000.100.110' : outcome.settlesTo.result.code);
    }
  }
});
