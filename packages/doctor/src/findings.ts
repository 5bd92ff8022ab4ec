// Owns what a check reports: a finding (stable code, severity, the
// requirement it serves, what it is about, the fix in one sentence), the
// order of severities, and the requirements the findings cite.

/** How much a finding matters, least first. */
export type Severity = 'info' | 'warning' | 'error';

/** The severities, least first: a threshold fails on its own level and those after it. */
export const SEVERITIES: readonly Severity[] = ['info', 'warning', 'error'];

/** What a finding serves: the PCI DSS v4 requirement, the SAQ A eligibility criterion, or the widget's integration rules. */
export const REQUIREMENTS = {
  inventory: 'PCI DSS 6.4.3 (payment page scripts: inventory, authorisation, integrity)',
  tamper: 'PCI DSS 11.6.1 (change and tamper detection of the payment page)',
  saqA: 'SAQ A eligibility (the page is not susceptible to attacks from scripts)',
  transport: 'PCI DSS 4.2.1 (strong cryptography for cardholder data in transit)',
  widget: 'Widget integration (the gateway interface)',
} as const;

/** A key of {@link REQUIREMENTS}. */
export type Requirement = keyof typeof REQUIREMENTS;

/** One thing the doctor found on the page. */
export interface Finding {
  /** Stable identifier of the rule, e.g. `SCRIPT_ADDED_BY_SCRIPT`. */
  code: string;
  severity: Severity;
  /** Which requirement the rule serves (see {@link REQUIREMENTS}). */
  requirement: Requirement;
  /** What the finding is about: a script's URL or `inline sha256-…`, a header, a directive, the widget. */
  subject: string;
  /** What was found, in one sentence. */
  message: string;
  /** What to change, in one sentence. */
  fix: string;
}

/** True when `severity` is `threshold` or above. */
export function atLeast(severity: Severity, threshold: Severity): boolean {
  return SEVERITIES.indexOf(severity) >= SEVERITIES.indexOf(threshold);
}

/** True when `value` is one of the {@link SEVERITIES}. */
export function isSeverity(value: unknown): value is Severity {
  return (SEVERITIES as readonly unknown[]).includes(value);
}

/** The findings ordered most severe first, then by code and subject (a stable report). */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      SEVERITIES.indexOf(b.severity) - SEVERITIES.indexOf(a.severity) || a.code.localeCompare(b.code) || a.subject.localeCompare(b.subject),
  );
}
