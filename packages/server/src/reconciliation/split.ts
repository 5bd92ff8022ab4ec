// Owns cutting the settlement file's text into rows of fields: `;` between
// fields, a line break (LF or CRLF) between rows, RFC 4180 double quotes
// around a field that holds a `;`, a quote ("" inside) or a line break, blank
// lines left out. It counts physical lines, so each row carries the line it
// starts on (a quoted line break moves the rows after it down), and it says
// which field broke the quoting instead of giving up on the file: the row is
// reported and the reading goes on at the next line. A quoted line break is
// taken only where it makes a row of as many fields as the first row, so a
// stray quote costs one row, not the rows after it. Text comes in pieces of
// any size; only the unfinished row is kept between them, at most
// MAX_ROW_CHARACTERS of it. Synchronous and allocation-light: this runs once
// per row of files with millions of rows.

/** The longest row read (a good row has about 2,600 characters at most). */
export const MAX_ROW_CHARACTERS = 65_536;

/** A field whose quoting is broken. */
export interface QuotingFault {
  /** Index of the field in its row. */
  readonly field: number;
  /**
   * `unclosed`: an opening quote with no closing one within
   * MAX_ROW_CHARACTERS or before the text ends, or closed only lines later
   * where that makes no row like the first (the row then stops at its first
   * line); `after-quote`: text between a closing quote and the next `;` or
   * line end.
   */
  readonly fault: 'unclosed' | 'after-quote';
}

/** One row of fields, as written (quotes removed, "" read as "). */
export interface SplitRow {
  /** The physical line the row starts on (the first line is 1). */
  readonly line: number;
  readonly fields: string[];
  /** The row has U+FFFD, the decoder's mark of bytes that were not UTF-8. */
  readonly replaced: boolean;
  readonly quoting?: QuotingFault;
  /** The row is longer than MAX_ROW_CHARACTERS without a line break: its fields are left out. */
  readonly tooLong?: true;
}

const QUOTE = 34; // "
const SEMICOLON = 59; // ;
const LF = 10;
const CR = 13;

/** What parsing a quoted row gave: the row and where the text goes on, or `undefined` when more text is needed. */
interface QuotedRow {
  fields: string[];
  next: number;
  breaks: number;
  quoting?: QuotingFault;
}

/**
 * Cuts text into rows. Give it the text in pieces with {@link push}, then
 * call {@link end}; each call appends the rows it completed to `rows`.
 */
export class SettlementSplitter {
  private rest = '';
  private line = 1;
  /** A line too long to be a row is being passed over, up to its line break. */
  private skipping = false;
  /** The first row's number of fields (the header's), 0 before it. */
  private fieldCount = 0;

  /** Adds the next piece of text; completed rows are appended to `rows`. */
  push(text: string, rows: SplitRow[]): void {
    this.scan(this.rest === '' ? text : this.rest + text, false, rows);
  }

  /** The text has ended: the unfinished row, if any, is appended to `rows`. */
  end(rows: SplitRow[]): void {
    this.scan(this.rest, true, rows);
    this.rest = '';
  }

  private scan(text: string, final: boolean, rows: SplitRow[]): void {
    const length = text.length;
    let pos = 0;
    if (this.skipping) {
      const lf = text.indexOf('\n');
      if (lf === -1) {
        this.rest = '';
        return;
      }
      this.skipping = false;
      this.line++;
      pos = lf + 1;
    }
    // The next quote and the next replacement character, searched once per piece, not once per row.
    let quote = text.indexOf('"', pos);
    let replacement = text.indexOf('\uFFFD', pos);
    while (pos < length) {
      if (quote !== -1 && quote < pos) quote = text.indexOf('"', pos);
      if (replacement !== -1 && replacement < pos) replacement = text.indexOf('\uFFFD', pos);
      let lf = text.indexOf('\n', pos);
      if (lf === -1 && !final && length - pos > MAX_ROW_CHARACTERS) {
        // No line break for longer than any row: report the line and pass over the rest of it.
        rows.push({ line: this.line, fields: [], replaced: replacement !== -1, tooLong: true });
        this.skipping = true;
        this.rest = '';
        return;
      }
      if (quote === -1 || (lf !== -1 && quote > lf)) {
        // A line without quotes: split at semicolons.
        if (lf === -1) {
          if (!final) break;
          lf = length;
        }
        const end = lf > pos && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;
        const fields = text.slice(pos, end).split(';');
        if (!(fields.length === 1 && isBlank(fields[0] as string))) {
          if (this.fieldCount === 0) this.fieldCount = fields.length;
          rows.push({ line: this.line, fields, replaced: replacement !== -1 && replacement < end });
        }
        this.line++;
        pos = lf + 1;
        continue;
      }
      const row = quotedRow(text, pos, final);
      if (row === undefined && length - pos <= MAX_ROW_CHARACTERS) break;
      // A quote opened and not closed (before the end, or within the limit), or closed only
      // lines later by what makes no row (another count of fields than the first row's, text
      // after the closing quote: a stray quote that took the next rows in): the row is reported
      // as it stands on its first line, and reading goes on at the next line.
      const strayQuote =
        row !== undefined &&
        row.breaks > 0 &&
        this.fieldCount !== 0 &&
        (row.fields.length !== this.fieldCount || row.quoting !== undefined);
      if (row === undefined || row.quoting?.fault === 'unclosed' || strayQuote) {
        pos = this.reportUnclosed(text, pos, rows);
        continue;
      }
      if (this.fieldCount === 0) this.fieldCount = row.fields.length;
      rows.push({
        line: this.line,
        fields: row.fields,
        replaced: replacement !== -1 && replacement < row.next,
        ...(row.quoting ? { quoting: row.quoting } : {}),
      });
      pos = row.next;
      this.line += 1 + row.breaks;
    }
    this.rest = pos >= length ? '' : text.slice(pos);
  }

  /** Reports the row at `pos` as an unclosed quote, with its fields up to that quote; returns where its next line starts. */
  private reportUnclosed(text: string, pos: number, rows: SplitRow[]): number {
    const lf = text.indexOf('\n', pos);
    const next = lf === -1 ? text.length : lf + 1;
    const firstLine = text.slice(pos, lf === -1 ? text.length : lf);
    const row = quotedRow(firstLine, 0, true) ?? { fields: [], next: 0, breaks: 0 };
    rows.push({
      line: this.line,
      fields: row.fields,
      replaced: firstLine.includes('\uFFFD'),
      quoting: { field: row.quoting?.fault === 'unclosed' ? row.quoting.field : Math.max(row.fields.length - 1, 0), fault: 'unclosed' },
    });
    this.line++;
    return next;
  }
}

/**
 * Parses the row that starts at `pos` and has a quote. Returns `undefined`
 * when the text ends before the row does and more may come.
 */
function quotedRow(text: string, pos: number, final: boolean): QuotedRow | undefined {
  const length = text.length;
  const fields: string[] = [];
  let quoting: QuotingFault | undefined;
  let breaks = 0;
  let i = pos;
  for (;;) {
    if (text.charCodeAt(i) === QUOTE) {
      // A quoted field: up to the quote not doubled.
      let value = '';
      let from = i + 1;
      let close: number;
      for (;;) {
        close = text.indexOf('"', from);
        if (close === -1 || (close + 1 === length && !final)) {
          if (!final) return undefined;
          // The text ends inside the quotes.
          fields.push(value + text.slice(from));
          return { fields, next: length, breaks, quoting: { field: fields.length - 1, fault: 'unclosed' } };
        }
        value += text.slice(from, close);
        if (text.charCodeAt(close + 1) !== QUOTE) break;
        value += '"';
        from = close + 2;
      }
      breaks += countBreaks(value);
      i = close + 1;
      const after = text.charCodeAt(i);
      if (after === CR && i + 1 === length) {
        if (!final) return undefined;
      } else if (i < length && after !== SEMICOLON && after !== LF && !(after === CR && text.charCodeAt(i + 1) === LF)) {
        // Text after the closing quote: kept with the value, up to the field's end.
        const end = fieldEnd(text, i);
        if (end === -1 && !final) return undefined;
        const stop = end === -1 ? length : end;
        quoting ??= { field: fields.length, fault: 'after-quote' };
        value += text.slice(i, stop);
        i = stop;
      }
      fields.push(value);
    } else {
      const end = fieldEnd(text, i);
      if (end === -1 && !final) return undefined;
      const stop = end === -1 ? length : end;
      fields.push(text.slice(i, stop));
      i = stop;
    }
    // `i` is at a semicolon, a line break or the end of the text.
    if (i >= length) return { fields, next: length, breaks, ...(quoting ? { quoting } : {}) };
    const c = text.charCodeAt(i);
    if (c === SEMICOLON) {
      i++;
      continue;
    }
    // A line break ends the row (a CR before it was left out of the field).
    const next = c === CR ? i + 2 : i + 1;
    return { fields, next, breaks, ...(quoting ? { quoting } : {}) };
  }
}

/** The index of the `;` or line break (its CR, if CRLF) that ends the unquoted field at `from`, or -1. */
function fieldEnd(text: string, from: number): number {
  const semicolon = text.indexOf(';', from);
  let lf = text.indexOf('\n', from);
  if (lf === -1) return semicolon;
  if (lf > from && text.charCodeAt(lf - 1) === CR) lf--;
  return semicolon !== -1 && semicolon < lf ? semicolon : lf;
}

function countBreaks(value: string): number {
  let count = 0;
  for (let at = value.indexOf('\n'); at !== -1; at = value.indexOf('\n', at + 1)) count++;
  return count;
}

function isBlank(line: string): boolean {
  return line.length === 0 || line.trim() === '';
}
