// Owns how a report reads: plain text for a person (the scripts, the
// headers, each finding with its fix and requirement, the verdict) and JSON
// for machines.
import type { DoctorReport } from './doctor.js';
import { REQUIREMENTS, SEVERITIES } from './findings.js';

/** The report as text for a terminal or a CI log. */
export function formatText(report: DoctorReport): string {
  const { evidence, inventory, findings } = report;
  const lines = [`wpwl-doctor: ${evidence.url} (HTTP ${evidence.status})`, '', `Scripts that ran (${inventory.scripts.length}):`];
  for (const script of inventory.scripts) {
    lines.push(`  ${script.id}`);
    lines.push(`      added by ${script.addedBy}; integrity ${script.integrity ? 'yes' : 'none'}; CSP allows by ${script.allowedBy}`);
  }
  lines.push('', 'Security headers:');
  const names = Object.keys(inventory.headers);
  if (names.length === 0) lines.push('  (none)');
  for (const name of names) lines.push(`  ${name}: ${inventory.headers[name]}`);
  const counts = SEVERITIES.map((severity) => `${findings.filter((finding) => finding.severity === severity).length} ${severity}`)
    .reverse()
    .join(', ');
  lines.push('', `Findings: ${counts}`);
  for (const finding of findings) {
    lines.push(`  ${finding.severity.toUpperCase().padEnd(7)} ${finding.code}  ${finding.subject}`);
    lines.push(`          ${finding.message}`);
    lines.push(`          fix: ${finding.fix}`);
    lines.push(`          serves: ${REQUIREMENTS[finding.requirement]}`);
  }
  lines.push('', report.failed ? `FAILED: findings at or above "${report.failOn}".` : `Passed: no finding at or above "${report.failOn}".`);
  return `${lines.join('\n')}\n`;
}

/** The report as JSON: the page, the inventory, the findings (with the requirement's words) and the verdict. */
export function formatJson(report: DoctorReport): string {
  const { evidence, inventory, findings, failOn, failed } = report;
  return `${JSON.stringify(
    {
      page: evidence.requestedUrl,
      url: evidence.url,
      status: evidence.status,
      failOn,
      failed,
      findings: findings.map((finding) => ({ ...finding, requirementText: REQUIREMENTS[finding.requirement] })),
      inventory,
    },
    null,
    2,
  )}\n`;
}
