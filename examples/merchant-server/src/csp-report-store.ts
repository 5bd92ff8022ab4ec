// Owns the CSP violations kept in the shop's database: one row per violation
// (by the report's dedupe key) with how often it came and when it was first
// and last seen, listed newest first for the back office. The number of
// distinct violations is bounded, so reports invented in a loop cannot fill
// the database: past the bound, known violations are still counted, new
// ones are dropped (and the caller is told).
import type { CspViolationReport } from '@wpwl/server/csp-reports';
import type { SqlDatabase } from '@wpwl/server/settlement';

/** Distinct violations kept; a real tampering shows within the first few. */
export const MAX_KEPT_VIOLATIONS = 10_000;

/** One kept violation, as the back office lists it. */
export interface KeptViolation {
  key: string;
  documentUrl: string;
  blocked: string;
  directive: string;
  disposition: 'enforce' | 'report';
  sourceFile?: string;
  lineNumber?: number;
  columnNumber?: number;
  sample?: string;
  userAgent?: string;
  /** Reports of it received. */
  count: number;
  firstSeen: Date;
  lastSeen: Date;
}

interface Row {
  report_key: string;
  document_url: string;
  blocked: string;
  directive: string;
  disposition: 'enforce' | 'report';
  source_file: string | null;
  line_number: number | null;
  column_number: number | null;
  sample: string | null;
  user_agent: string | null;
  count: number;
  first_seen: Date | string;
  last_seen: Date | string;
}

export class CspReportStore {
  readonly #sql: SqlDatabase;
  readonly #maxKept: number;

  constructor(sql: SqlDatabase, options: { maxKept?: number } = {}) {
    this.#sql = sql;
    this.#maxKept = options.maxKept ?? MAX_KEPT_VIOLATIONS;
  }

  /**
   * Keeps `reports`: a repeat adds one to its violation's count. `userAgent`
   * stands in for a report that names none (report-uri's). Returns how many
   * were new violations dropped because the most are kept already ({@link MAX_KEPT_VIOLATIONS} unless told).
   */
  async record(reports: readonly CspViolationReport[], userAgent?: string): Promise<{ dropped: number }> {
    let dropped = 0;
    for (const report of reports) {
      const agent = (report.userAgent ?? userAgent)?.slice(0, 512) ?? null;
      const counted = await this.#sql.query(
        `UPDATE csp_reports SET count = count + 1, last_seen = now(), disposition = $2, user_agent = coalesce($3, user_agent)
         WHERE report_key = $1 RETURNING report_key`,
        [report.key, report.disposition, agent],
      );
      if (counted.length > 0) continue;
      const inserted = await this.#sql.query(
        `INSERT INTO csp_reports (report_key, document_url, blocked, directive, disposition, source_file, line_number, column_number,
                                  sample, original_policy, user_agent, format, count, first_seen, last_seen)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, now(), now()
         WHERE (SELECT count(*) FROM csp_reports) < $13
         ON CONFLICT (report_key) DO UPDATE SET count = csp_reports.count + 1, last_seen = now()
         RETURNING report_key`,
        [
          report.key,
          report.documentUrl,
          report.blocked,
          report.directive,
          report.disposition,
          report.sourceFile ?? null,
          report.lineNumber ?? null,
          report.columnNumber ?? null,
          report.sample ?? null,
          report.originalPolicy ?? null,
          agent,
          report.format,
          this.#maxKept,
        ],
      );
      if (inserted.length === 0) dropped++;
    }
    return { dropped };
  }

  /** Violations, the most recently seen first, `limit` from `offset`. */
  async newestFirst(offset: number, limit: number): Promise<KeptViolation[]> {
    const rows = await this.#sql.query<Row>(
      `SELECT report_key, document_url, blocked, directive, disposition, source_file, line_number, column_number, sample,
              user_agent, count, first_seen, last_seen
       FROM csp_reports ORDER BY last_seen DESC, report_key OFFSET $1 LIMIT $2`,
      [offset, limit],
    );
    return rows.map((row) => ({
      key: row.report_key,
      documentUrl: row.document_url,
      blocked: row.blocked,
      directive: row.directive,
      disposition: row.disposition,
      ...(row.source_file !== null ? { sourceFile: row.source_file } : {}),
      ...(row.line_number !== null ? { lineNumber: row.line_number } : {}),
      ...(row.column_number !== null ? { columnNumber: row.column_number } : {}),
      ...(row.sample !== null ? { sample: row.sample } : {}),
      ...(row.user_agent !== null ? { userAgent: row.user_agent } : {}),
      count: row.count,
      firstSeen: new Date(row.first_seen),
      lastSeen: new Date(row.last_seen),
    }));
  }

  /** Distinct violations kept. */
  async count(): Promise<number> {
    const [row] = await this.#sql.query<{ count: number }>('SELECT count(*)::int AS count FROM csp_reports');
    return row?.count ?? 0;
  }
}
