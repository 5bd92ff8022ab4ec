// Owns the inventory (PCI DSS 6.4.3): every script that ran on the page, who
// added it, where from, its integrity and how the CSP allows it, with the
// merchant's justification; and the page's security headers (nonces
// blanked, as they change on every response). It is built from the
// evidence, keeps the justifications of an earlier inventory, and is
// written as JSON (for the baseline) and Markdown (for the assessor).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DoctorError } from './errors.js';
import type { ObservedScript, PageEvidence } from './evidence.js';
import { describeAdder } from './check-scripts.js';
import { widgetOrigins } from './check-headers.js';
import { pagePolicies, scriptAllowedBy } from './policies.js';

/** One script of the inventory. */
export interface InventoryScript {
  /** What identifies it from run to run: `origin/path` (query left out) or `inline sha256-…`. */
  id: string;
  kind: 'external' | 'inline';
  /** The URL it was loaded from (the last run's, query included). */
  url?: string;
  /** Inline: sha256 of its text (its CSP hash); external: sha384 of the source that ran. */
  hash: string;
  origin: string;
  /** Who added it, in words: the page's markup, the widget, or the script that did. */
  addedBy: string;
  /** Its tag's integrity attribute, or null without one. */
  integrity: string | null;
  /** By what the CSP let it run (nonce, hash, host, strict-dynamic, unsafe-inline, no policy). */
  allowedBy: string;
  /** True for the gateway's widget and the scripts it adds: the gateway changes them, so their content is not compared. */
  widget: boolean;
  /** Why the page needs it (the merchant writes it; later runs keep it). */
  justification: string;
}

/** The inventory of a page. */
export interface Inventory {
  format: 'wpwl-doctor-inventory/1';
  /** The page checked. */
  page: string;
  scripts: InventoryScript[];
  /** Security headers (lower-case names; `content-security-policy (meta)` for <meta> policies), nonces blanked. */
  headers: Record<string, string>;
}

/** The headers the inventory records and a baseline compares. */
export const TRACKED_HEADERS = [
  'content-security-policy',
  'content-security-policy-report-only',
  'strict-transport-security',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'reporting-endpoints',
] as const;

const WIDGET_JUSTIFICATION = "The payment gateway's widget: renders the payment form.";

/** A header value with its nonces blanked (`'nonce-…'`), repeated headers joined by ` | `. */
export function normalizeHeader(value: string): string {
  return value
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/'nonce-[^']*'/gi, "'nonce-…'")
        .replace(/\s+/g, ' '),
    )
    .filter(Boolean)
    .join(' | ');
}

/**
 * The id of a script in the inventory: `inline <sha256>`, the URL without its
 * query for a script from a host, and the scheme (with the creating origin
 * for `blob:`) and its content hash for a `data:` or `blob:` URL, whose text
 * is its content or a fresh random name on each load.
 */
export function scriptId(script: ObservedScript): string {
  if (script.kind === 'inline') return `inline ${script.hash}`;
  const url = new URL(script.url!);
  if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${url.pathname}`;
  if (url.protocol === 'blob:') return `blob:${url.origin} ${script.hash}`;
  return `${url.protocol} ${script.hash}`;
}

/**
 * The inventory of the page in `evidence`, with the justifications of
 * `previous` (an earlier inventory, or justifications by id) kept.
 */
export function buildInventory(evidence: PageEvidence, previous?: Inventory | Map<string, string>): Inventory {
  const policies = pagePolicies(evidence);
  const widget = new Set(widgetOrigins(evidence));
  const kept = previous instanceof Map ? previous : new Map((previous?.scripts ?? []).map((script) => [script.id, script.justification]));
  const scripts = new Map<string, InventoryScript>();
  for (const script of evidence.scripts) {
    const id = scriptId(script);
    const fromWidget = widget.has(script.origin) || script.addedBy.kind === 'widget';
    scripts.set(id, {
      id,
      kind: script.kind,
      ...(script.url ? { url: script.url } : {}),
      hash: script.hash,
      origin: script.origin,
      addedBy: describeAdder(script),
      integrity: script.integrity || null,
      allowedBy: scriptAllowedBy(policies, script, evidence.url),
      widget: fromWidget,
      justification: kept.get(id) || (fromWidget ? WIDGET_JUSTIFICATION : ''),
    });
  }
  const headers: Record<string, string> = {};
  for (const name of TRACKED_HEADERS) {
    const value = evidence.headers[name];
    if (value !== undefined) headers[name] = normalizeHeader(value);
  }
  if (evidence.metaPolicies.length > 0) headers['content-security-policy (meta)'] = normalizeHeader(evidence.metaPolicies.join('\n'));
  return {
    format: 'wpwl-doctor-inventory/1',
    page: evidence.requestedUrl,
    scripts: [...scripts.values()].sort((a, b) => a.id.localeCompare(b.id)),
    headers,
  };
}

/**
 * Reads an inventory written by `--write-inventory`.
 *
 * @throws DoctorError `INVALID_INVENTORY` naming the file and what is wrong.
 */
export function readInventory(path: string): Inventory {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new DoctorError('INVALID_INVENTORY', `${path}: not a readable JSON file (${(error as Error).message})`);
  }
  const inventory = data as Partial<Inventory>;
  if (inventory?.format !== 'wpwl-doctor-inventory/1') {
    throw new DoctorError('INVALID_INVENTORY', `${path}: format must be "wpwl-doctor-inventory/1" (a file written by --write-inventory)`);
  }
  if (
    !Array.isArray(inventory.scripts) ||
    !inventory.scripts.every((script) => typeof script?.id === 'string' && typeof script.hash === 'string')
  ) {
    throw new DoctorError('INVALID_INVENTORY', `${path}: scripts must be a list of entries with an id and a hash`);
  }
  if (typeof inventory.headers !== 'object' || inventory.headers === null) {
    throw new DoctorError('INVALID_INVENTORY', `${path}: headers must be an object of header name to value`);
  }
  return inventory as Inventory;
}

/** The paths of an inventory's two files: `x.json` and `x.md` for `x.json` or `x`. */
export function inventoryPaths(path: string): { json: string; markdown: string } {
  const base = path.replace(/\.(json|md)$/i, '');
  return { json: `${base}.json`, markdown: `${base}.md` };
}

const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const uncell = (text: string) => text.trim().replace(/\\\|/g, '|').replace(/\\\\/g, '\\');

/** The inventory as Markdown for the assessor: the scripts table (with its Justification column) and the headers. */
export function inventoryMarkdown(inventory: Inventory): string {
  const lines = [
    `# Payment page script inventory`,
    '',
    `Page: ${inventory.page}`,
    '',
    'Every script that ran on the payment page (PCI DSS 6.4.3). Write why the page needs each one in the',
    'Justification column: later runs of `wpwl-doctor --write-inventory` keep it.',
    '',
    '| Script | Kind | Added by | Origin | Integrity | CSP allows by | Justification |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...inventory.scripts.map((script) =>
      [
        `\`${script.id}\``,
        script.kind,
        cell(script.addedBy),
        script.origin,
        script.integrity ? `\`${script.integrity}\`` : 'none',
        script.allowedBy,
        cell(script.justification),
      ]
        .join(' | ')
        .replace(/^/, '| ')
        .replace(/$/, ' |'),
    ),
    '',
    '## Security headers',
    '',
    '| Header | Value |',
    '| --- | --- |',
    ...Object.entries(inventory.headers).map(([name, value]) => `| ${name} | \`${cell(value)}\` |`),
    '',
  ];
  return lines.join('\n');
}

/** The justifications written in an inventory's Markdown table, by script id. */
export function markdownJustifications(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of markdown.split('\n')) {
    const row = /^\|\s*`([^`]+)`\s*\|(.*)\|\s*$/.exec(line);
    if (!row) continue;
    const cells = row[2]!.split(/(?<!\\)\|/);
    if (cells.length !== 6) continue;
    found.set(row[1]!, uncell(cells[5]!));
  }
  return found;
}

/**
 * The justifications an earlier inventory at `path` holds: the JSON's, each
 * replaced by the Markdown's where the merchant wrote one there.
 */
export function earlierJustifications(path: string): Map<string, string> {
  const { json, markdown } = inventoryPaths(path);
  const found = new Map<string, string>();
  if (existsSync(json))
    for (const script of readInventory(json).scripts) if (script.justification) found.set(script.id, script.justification);
  if (existsSync(markdown)) {
    for (const [id, justification] of markdownJustifications(readFileSync(markdown, 'utf8')))
      if (justification) found.set(id, justification);
  }
  return found;
}

/** Writes `inventory` as `<path>.json` and `<path>.md`; returns the two paths. */
export async function writeInventory(path: string, inventory: Inventory): Promise<{ json: string; markdown: string }> {
  const paths = inventoryPaths(path);
  await mkdir(dirname(paths.json), { recursive: true });
  await writeFile(paths.json, `${JSON.stringify(inventory, null, 2)}\n`);
  await writeFile(paths.markdown, inventoryMarkdown(inventory));
  return paths;
}
