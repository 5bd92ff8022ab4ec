// Owns the command line of wpwl-doctor: the arguments, their rules, and the
// usage text. Each refusal is a DoctorError `INVALID_ARGUMENT` (or
// `INVALID_STEP`) that names the argument and the rule.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DoctorError } from './errors.js';
import { isSeverity, type Severity } from './findings.js';
import { checkSteps, parseStep, type Step } from './steps.js';

/** The command line, read. */
export interface CliOptions {
  url: string;
  steps: Step[];
  json: boolean;
  failOn: Severity;
  writeInventory?: string;
  baseline?: string;
  integrity?: boolean;
  live: boolean;
  timeout: number;
  settle: number;
  chromium?: string;
  help: boolean;
}

/** What `wpwl-doctor --help` prints. */
export const USAGE = `Usage: wpwl-doctor <url> [options]

Loads a payment page in headless Chromium, waits for the payment widget and
reports every script that ran, the security headers and the widget's
integration (PCI DSS v4 6.4.3 and 11.6.1).

Options:
  --step <step>             a shopper's step before the form appears, in order (repeatable):
                            click:<selector>, fill:<selector>|<value>, select:<selector>|<value>,
                            wait:<selector>, goto:<url or path>
  --steps <file.json>       the steps as a JSON array ([{"click": "#checkout"}, {"fill": "#email", "value": "a@b.c"}])
  --write-inventory <path>  write the inventory as <path>.json and <path>.md (justifications kept)
  --baseline <file.json>    compare with an inventory: a new or changed script or header fails the run
  --fail-on <severity>      info, warning (default) or error: the least severity that fails the run
  --integrity               the checkouts are prepared with integrity (default: found out from the page)
  --live                    the page must load the widget from the live gateway (a test host is an error)
  --json                    print the report as JSON
  --timeout <ms>            how long the page, each step and the widget may take (default 15000)
  --settle <ms>             how long to keep watching for late scripts once the form is there (default 1000)
  --chromium <path>         the Chromium binary (default: CHROMIUM_PATH, else /usr/bin/chromium)
  --help                    show this text

Exit codes: 0 no finding at or above --fail-on; 1 findings or baseline changes; 2 usage error or the page could not load.
`;

function milliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,7}$/.test(value))
    throw new DoctorError('INVALID_ARGUMENT', `--${name}: expected a whole number of milliseconds, got "${value}"`);
  return Number(value);
}

/**
 * Reads the command line (without node and the script).
 *
 * @throws DoctorError `INVALID_ARGUMENT` or `INVALID_STEP`, naming the argument and the rule.
 */
export function parseCliOptions(argv: readonly string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        step: { type: 'string', multiple: true },
        steps: { type: 'string' },
        'write-inventory': { type: 'string' },
        baseline: { type: 'string' },
        'fail-on': { type: 'string' },
        integrity: { type: 'boolean' },
        live: { type: 'boolean' },
        json: { type: 'boolean' },
        timeout: { type: 'string' },
        settle: { type: 'string' },
        chromium: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new DoctorError('INVALID_ARGUMENT', (error as Error).message);
  }
  const { values, positionals } = parsed;
  const help = values.help === true;
  if (help) return { url: '', steps: [], json: false, failOn: 'warning', live: false, timeout: 0, settle: 0, help };
  if (positionals.length !== 1) throw new DoctorError('INVALID_ARGUMENT', `url: expected exactly one page URL, got ${positionals.length}`);
  const url = positionals[0]!;
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url))
    throw new DoctorError('INVALID_ARGUMENT', `url: expected an http or https URL, got "${url}"`);
  const failOn = values['fail-on'] ?? 'warning';
  if (!isSeverity(failOn)) throw new DoctorError('INVALID_ARGUMENT', `--fail-on: expected info, warning or error, got "${failOn}"`);
  const steps: Step[] = [];
  if (values.steps) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(values.steps, 'utf8'));
    } catch (error) {
      throw new DoctorError('INVALID_ARGUMENT', `--steps: ${values.steps} is not a readable JSON file (${(error as Error).message})`);
    }
    steps.push(...checkSteps(data));
  }
  steps.push(...(values.step ?? []).map(parseStep));
  return {
    url,
    steps,
    json: values.json === true,
    failOn,
    ...(values['write-inventory'] ? { writeInventory: values['write-inventory'] } : {}),
    ...(values.baseline ? { baseline: values.baseline } : {}),
    ...(values.integrity ? { integrity: true } : {}),
    live: values.live === true,
    timeout: milliseconds('timeout', values.timeout, 15_000),
    settle: milliseconds('settle', values.settle, 1_000),
    ...(values.chromium ? { chromium: values.chromium } : {}),
    help,
  };
}
