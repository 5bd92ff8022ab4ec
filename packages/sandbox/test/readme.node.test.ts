import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { TEST_CARDS } from '@wpwl/sandbox';

it('documents every test card with its result code in the README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  for (const card of TEST_CARDS) {
    const row = readme.split('\n').find((line) => line.startsWith(`| ${card.number} |`));
    expect(row, card.number).toBeDefined();
    expect(row, card.number).toContain(`| ${card.brand} |`);
    const code =
      card.outcome.kind === 'decline' ? card.outcome.result.code : card.outcome.kind === 'challenge' ? '000.200.000' : '000.100.110';
    expect(row, card.number).toContain(code);
  }
});
