// Owns one check of a page from start to verdict: gather the evidence, run
// the script, header and widget checks, build the inventory (keeping earlier
// justifications), compare it with a baseline when given one, and decide
// whether the run fails at the chosen threshold.
import { compareWithBaseline } from './baseline.js';
import { checkHeaders, type HeaderCheckOptions } from './check-headers.js';
import { checkScripts } from './check-scripts.js';
import { checkWidget, type WidgetCheckOptions } from './check-widget.js';
import { collectEvidence, type CollectOptions } from './collect.js';
import type { PageEvidence } from './evidence.js';
import { atLeast, sortFindings, type Finding, type Severity } from './findings.js';
import { buildInventory, type Inventory } from './inventory.js';

/** What to check and how strictly. */
export interface DoctorOptions extends CollectOptions, HeaderCheckOptions, WidgetCheckOptions {
  /** The least severity that fails the run. Default `warning`. */
  failOn?: Severity;
  /** An earlier inventory to compare with (11.6.1): its differences become findings. */
  baseline?: Inventory;
  /** Justifications to keep in the new inventory (from an earlier one), by script id. */
  justifications?: Map<string, string>;
}

/** The outcome of a check. */
export interface DoctorReport {
  evidence: PageEvidence;
  inventory: Inventory;
  /** Every finding, the baseline's differences included, most severe first. */
  findings: Finding[];
  /** The threshold applied. */
  failOn: Severity;
  /** True when a finding is at or above `failOn`. */
  failed: boolean;
}

/** The findings and inventory for `evidence`, without a browser (what {@link runDoctor} does after loading the page). */
export function diagnose(evidence: PageEvidence, options: Omit<DoctorOptions, keyof CollectOptions> = {}): DoctorReport {
  const failOn = options.failOn ?? 'warning';
  const inventory = buildInventory(evidence, options.justifications ?? options.baseline);
  const findings = sortFindings([
    ...checkScripts(evidence),
    ...checkHeaders(evidence, options),
    ...checkWidget(evidence, options),
    ...(options.baseline ? compareWithBaseline(options.baseline, inventory) : []),
  ]);
  return { evidence, inventory, findings, failOn, failed: findings.some((finding) => atLeast(finding.severity, failOn)) };
}

/**
 * Loads the page in headless Chromium and checks it.
 *
 * @throws DoctorError `CHROMIUM_NOT_FOUND`, `PAGE_NOT_LOADED`, `PAGE_TIMED_OUT`, `STEP_FAILED`.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  return diagnose(await collectEvidence(options), options);
}
