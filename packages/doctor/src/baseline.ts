// Owns comparing the page with a baseline inventory (PCI DSS 11.6.1): a new
// script, a script whose content, integrity, adder or CSP allowance changed,
// a script gone, and a security header added, removed or changed. Each
// difference is a finding that names the script or header.
import type { Finding } from './findings.js';
import type { Inventory, InventoryScript } from './inventory.js';

/** The differences between `baseline` and `current`, as findings. */
export function compareWithBaseline(baseline: Inventory, current: Inventory): Finding[] {
  const findings: Finding[] = [];
  const before = new Map(baseline.scripts.map((script) => [script.id, script]));
  const now = new Map(current.scripts.map((script) => [script.id, script]));
  for (const script of current.scripts) {
    const old = before.get(script.id);
    if (!old) {
      findings.push({
        code: 'BASELINE_SCRIPT_NEW',
        severity: 'error',
        requirement: 'tamper',
        subject: script.id,
        message: `A script the baseline does not have ran on the page: ${script.id} (added by ${script.addedBy}, allowed by ${script.allowedBy}).`,
        fix: 'If it is authorised, write its justification into the inventory and update the baseline (--write-inventory); if not, find what added it and remove it.',
      });
      continue;
    }
    const changes = scriptChanges(old, script);
    if (changes.length > 0) {
      findings.push({
        code: 'BASELINE_SCRIPT_CHANGED',
        severity: 'error',
        requirement: 'tamper',
        subject: script.id,
        message: `${script.id} changed since the baseline: ${changes.join('; ')}.`,
        fix: 'Review the change; if it is yours, update the baseline (--write-inventory); if not, restore the script and find how it was changed.',
      });
    }
  }
  for (const script of baseline.scripts) {
    if (now.has(script.id)) continue;
    findings.push({
      code: 'BASELINE_SCRIPT_GONE',
      severity: 'info',
      requirement: 'tamper',
      subject: script.id,
      message: `${script.id} is in the baseline but did not run this time.`,
      fix: 'If it was removed on purpose, update the baseline (--write-inventory).',
    });
  }
  const names = new Set([...Object.keys(baseline.headers), ...Object.keys(current.headers)]);
  for (const name of [...names].sort()) {
    const old = baseline.headers[name];
    const value = current.headers[name];
    if (old === value) continue;
    const what =
      old === undefined ? `added: ${value}` : value === undefined ? `removed (was: ${old})` : `changed from "${old}" to "${value}"`;
    findings.push({
      code: 'BASELINE_HEADER_CHANGED',
      severity: 'error',
      requirement: 'tamper',
      subject: name,
      message: `The ${name} header ${what}.`,
      fix: 'If the change is yours, update the baseline (--write-inventory); if not, find what changed the response.',
    });
  }
  for (const script of current.scripts) {
    if (script.justification) continue;
    findings.push({
      code: 'SCRIPT_NOT_JUSTIFIED',
      severity: 'info',
      requirement: 'inventory',
      subject: script.id,
      message: `${script.id} has no justification in the inventory.`,
      fix: 'Write why the page needs it in the Justification column of the inventory.',
    });
  }
  return findings;
}

function scriptChanges(old: InventoryScript, now: InventoryScript): string[] {
  const changes: string[] = [];
  // The gateway changes its widget's files; the checkout's integrity covers the script itself.
  if (!now.widget && old.hash !== now.hash) changes.push(`content (hash ${old.hash} → ${now.hash})`);
  // The widget's integrity value follows the gateway's script; whether its tag has one is the page's.
  const integrityChanged = now.widget ? !old.integrity !== !now.integrity : (old.integrity ?? null) !== (now.integrity ?? null);
  if (integrityChanged) changes.push(`integrity ${old.integrity ?? 'none'} → ${now.integrity ?? 'none'}`);
  if (old.addedBy !== now.addedBy) changes.push(`added by ${old.addedBy} → ${now.addedBy}`);
  if (old.allowedBy !== now.allowedBy) changes.push(`CSP allows by ${old.allowedBy} → ${now.allowedBy}`);
  return changes;
}
