// Owns the steps a shopper takes before the payment form appears (fill the
// cart, press "Go to payment"): their text form on the command line, their
// JSON form in a file, and running them on a page.
import type { Page } from 'playwright-core';
import { DoctorError } from './errors.js';

/** One step: click an element, fill a field, choose an option, or wait for an element. */
export type Step =
  { click: string } | { fill: string; value: string } | { select: string; value: string } | { wait: string } | { goto: string };

/**
 * Reads a step written as `action:selector` (`click:#checkout`,
 * `wait:.cart-ready`, `goto:/checkout`) or `action:selector|value`
 * (`fill:#email|jane@example.com`, `select:#country|DE`).
 *
 * @throws DoctorError `INVALID_STEP` naming the step and the rule.
 */
export function parseStep(text: string): Step {
  const match = /^(click|fill|select|wait|goto):(.+)$/s.exec(text.trim());
  if (!match)
    throw new DoctorError(
      'INVALID_STEP',
      `step "${text}": expected click:, fill:, select:, wait: or goto: followed by a selector (or a URL for goto:)`,
    );
  const [, action, rest = ''] = match;
  if (action === 'fill' || action === 'select') {
    const bar = rest.lastIndexOf('|');
    if (bar < 1) throw new DoctorError('INVALID_STEP', `step "${text}": ${action}: needs selector|value`);
    const selector = rest.slice(0, bar);
    const value = rest.slice(bar + 1);
    return action === 'fill' ? { fill: selector, value } : { select: selector, value };
  }
  if (action === 'click') return { click: rest };
  if (action === 'wait') return { wait: rest };
  return { goto: rest };
}

/**
 * Checks steps read from a JSON file: an array of objects, each one of
 * `{ click }`, `{ fill, value }`, `{ select, value }`, `{ wait }`, `{ goto }`.
 *
 * @throws DoctorError `INVALID_STEP` naming the entry and the rule.
 */
export function checkSteps(value: unknown): Step[] {
  if (!Array.isArray(value)) throw new DoctorError('INVALID_STEP', 'steps: expected a JSON array of steps');
  return value.map((step: unknown, index) => {
    const entry = (step ?? {}) as Record<string, unknown>;
    const strings = (...keys: string[]) => keys.every((key) => typeof entry[key] === 'string' && entry[key] !== '');
    if (strings('fill', 'value') || strings('select', 'value') || strings('click') || strings('wait') || strings('goto')) {
      return entry as unknown as Step;
    }
    throw new DoctorError(
      'INVALID_STEP',
      `steps[${index}]: expected { click }, { fill, value }, { select, value }, { wait } or { goto } with non-empty strings`,
    );
  });
}

/** Runs `steps` on `page` in order, each waiting for its element up to `timeout` ms. */
export async function runSteps(page: Page, steps: readonly Step[], timeout: number): Promise<void> {
  for (const step of steps) {
    if ('click' in step) await page.click(step.click, { timeout });
    else if ('fill' in step) await page.fill(step.fill, step.value, { timeout });
    else if ('select' in step) await page.selectOption(step.select, step.value, { timeout });
    else if ('wait' in step) await page.waitForSelector(step.wait, { timeout });
    else await page.goto(new URL(step.goto, page.url()).href, { timeout });
  }
}

/** A step as one line of text, for messages. */
export function describeStep(step: Step): string {
  if ('fill' in step) return `fill:${step.fill}|${step.value}`;
  if ('select' in step) return `select:${step.select}|${step.value}`;
  if ('click' in step) return `click:${step.click}`;
  if ('wait' in step) return `wait:${step.wait}`;
  return `goto:${step.goto}`;
}
