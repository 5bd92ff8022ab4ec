// Owns the accessibility check of a page in Chromium: axe-core (the registry's
// build, axe.min.js) put into the page and every frame in it, run against
// WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its violations as one line per
// rule and element, for an assertion message a reader can act on.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core's browser build, read once per test file. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets the check runs: WCAG 2.0, 2.1 and 2.2, levels A and AA (axe's tags). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** One element axe found breaking a rule. */
export interface AxeViolation {
  /** axe's rule id, e.g. `label-content-name-mismatch`. */
  rule: string;
  /** How much it hurts a user: minor, moderate, serious or critical. */
  impact: string;
  /** The rule in words. */
  help: string;
  /** The element, as axe's selector; inside a frame, the frame's selector first, then `>>>`. */
  target: string;
}

/**
 * Something the check leaves out, and why. Kept in the test that leaves it
 * out, next to the reason, so nothing is left out silently.
 */
export interface AxeExclusion {
  /** A CSS selector in the page (or a frame's selector list, as axe takes them). */
  selector: string | string[];
  reason: string;
}

/**
 * Runs axe-core in `page` and every frame in it (the sandbox's 3-D Secure
 * page, on the gateway's origin, included) with the WCAG A and AA rules,
 * and returns what it found, one entry per rule and element.
 *
 * The script goes in through the DevTools protocol, so the page's own
 * Content-Security-Policy (nonce-only scripts) stays as the shopper gets it.
 */
export async function checkAccessibility(page: Page, exclude: readonly AxeExclusion[] = []): Promise<AxeViolation[]> {
  // Every frame gets axe; the top one asks the others for their results (across origins: the
  // 3-D Secure page is the gateway's). A frame gone meanwhile has nothing left to check.
  await Promise.all(page.frames().map((frame) => injectAxe(frame).catch((error: unknown) => ignoreDetached(frame, error))));
  const options: RunOptions = {
    runOnly: { type: 'tag', values: [...WCAG_TAGS] },
    resultTypes: ['violations'],
    // A frame that has not answered by then fails the run, rather than waiting out axe's 60 s.
    frameWaitTime: 10_000,
  };
  const results = await page.evaluate(
    ([context, runOptions]) =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe.run(context, runOptions),
    [
      exclude.length > 0 ? { include: [['html']], exclude: exclude.map((entry) => entry.selector) } : { include: [['html']] },
      options,
    ] as const,
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: node.impact ?? violation.impact ?? 'unknown',
      help: violation.help,
      target: node.target.map((part) => (Array.isArray(part) ? part.join(' ') : String(part))).join(' >>> '),
    })),
  );
}

async function injectAxe(frame: Frame): Promise<void> {
  await frame.evaluate(AXE_SOURCE);
  // axe only talks to frames of its own origin unless told otherwise.
  await frame.evaluate(() =>
    (window as unknown as { axe: { configure(spec: unknown): void } }).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }),
  );
}

function ignoreDetached(frame: Frame, error: unknown): void {
  if (!frame.isDetached()) throw error;
}

/** The violations as lines for an assertion message: rule, impact, what it means, and where. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  if (violations.length === 0) return 'no violations';
  return violations.map((v) => `${v.rule} (${v.impact}): ${v.help} — at ${v.target}`).join('\n');
}
