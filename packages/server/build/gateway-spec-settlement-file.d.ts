// Build-only declaration of @wpwl/gateway-spec/settlement-file (see gateway-spec.d.ts).
export interface SettlementColumn {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly key: string;
  readonly presence: 'required' | 'optional' | 'conditional';
  readonly inEveryHeader: boolean;
}
export declare const SETTLEMENT_FILE_COLUMNS: readonly SettlementColumn[];
export interface SettlementHeaderProblem {
  readonly code: 'SEPARATOR' | 'UNKNOWN_COLUMN' | 'MISSING_COLUMN' | 'DUPLICATE_COLUMN';
  readonly message: string;
}
export interface SettlementHeader {
  readonly columns: readonly SettlementColumn[];
}
export function readSettlementHeader(fields: readonly string[]): SettlementHeader | SettlementHeaderProblem;
export interface SettlementValueProblem {
  readonly column: string;
  readonly rule: string;
  readonly value: string;
}
export function checkSettlementRow(
  values: Readonly<Record<string, string | undefined>>,
  present?: ReadonlySet<string>,
): SettlementValueProblem[];
export function checkSettlementValues(values: readonly (string | undefined)[]): SettlementValueProblem[];
