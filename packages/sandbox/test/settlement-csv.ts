// Reads a settlement file back for the tests, as a reader of the interface
// does: lines split at semicolons (double quotes around a field that holds
// one), the header checked with readSettlementHeader, each row's values by
// column name with the problems checkSettlementRow finds.

import { readFileSync } from 'node:fs';
import { checkSettlementRow, readSettlementHeader, type SettlementValueProblem } from '@wpwl/gateway-spec/settlement-file';

export interface ReadRow {
  /** Values by the interface's column name. */
  values: Record<string, string>;
  problems: SettlementValueProblem[];
}

export interface ReadFile {
  header: string[];
  rows: ReadRow[];
}

/** The fields of one line: `;` separates, `"…"` quotes (a doubled quote inside is one). */
export function splitLine(line: string): string[] {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (line[at] === '"') {
      let value = '';
      at++;
      for (;;) {
        const end = line.indexOf('"', at);
        if (end === -1) throw new Error(`unclosed quote in ${line}`);
        value += line.slice(at, end);
        if (line[end + 1] === '"') {
          value += '"';
          at = end + 2;
          continue;
        }
        at = end + 1;
        break;
      }
      fields.push(value);
    } else {
      const end = line.indexOf(';', at);
      fields.push(line.slice(at, end === -1 ? line.length : end));
      at = end === -1 ? line.length : end;
    }
    if (at >= line.length) return fields;
    if (line[at] !== ';') throw new Error(`text after a closing quote in ${line}`);
    at++;
  }
}

/** Reads `text` (a whole file): throws when the header is refused or a row has another number of fields. */
export function readSettlementText(text: string): ReadFile {
  if (!text.endsWith('\n')) throw new Error('the file does not end with a line break');
  const [headerText = '', ...lines] = text.slice(0, -1).split('\n');
  const header = splitLine(headerText);
  const read = readSettlementHeader(header);
  if ('code' in read) throw new Error(`${read.code}: ${read.message}`);
  const present = new Set(header);
  const rows = lines.map((line) => {
    const fields = splitLine(line);
    if (fields.length !== header.length) throw new Error(`${fields.length} fields, not ${header.length}: ${line}`);
    const values = Object.fromEntries(header.map((name, i) => [name, fields[i] ?? '']));
    return { values, problems: checkSettlementRow(values, present) };
  });
  return { header, rows };
}

export function readSettlementFile(path: string): ReadFile {
  return readSettlementText(readFileSync(path, 'utf8'));
}
