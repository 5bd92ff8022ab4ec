// The public types of settlement file reading: the record's value sets are
// written out in @wpwl/server (its declarations must not name the private
// field tables) and must stay the tables' own; an entry narrows on `kind`.
import {
  SETTLEMENT_CASHFLOWS,
  SETTLEMENT_MATCHING_STATUSES,
  SETTLEMENT_PAYMENT_TYPES,
  SETTLEMENT_RECORD_TYPES,
  SETTLEMENT_STATUSES,
} from '@wpwl/gateway-spec/settlement-file';
import { describe, expectTypeOf, it } from 'vitest';
import {
  readSettlementFile,
  type SettlementCashflow,
  type SettlementFileEntry,
  type SettlementMatchingStatus,
  type SettlementPaymentType,
  type SettlementRecord,
  type SettlementRecordType,
  type SettlementRowError,
  type SettlementStatus,
} from '../../src/reconciliation/index.js';

describe('settlement file types', () => {
  it('the value sets are the field tables’ own', () => {
    expectTypeOf<SettlementRecordType>().toEqualTypeOf<(typeof SETTLEMENT_RECORD_TYPES)[number]>();
    expectTypeOf<SettlementPaymentType>().toEqualTypeOf<(typeof SETTLEMENT_PAYMENT_TYPES)[number]>();
    expectTypeOf<SettlementCashflow>().toEqualTypeOf<(typeof SETTLEMENT_CASHFLOWS)[number]>();
    expectTypeOf<SettlementStatus>().toEqualTypeOf<(typeof SETTLEMENT_STATUSES)[number]>();
    expectTypeOf<SettlementMatchingStatus>().toEqualTypeOf<(typeof SETTLEMENT_MATCHING_STATUSES)[number]>();
  });

  it('an entry narrows on kind; the reader takes a path, a URL, a Node stream or a Web stream', () => {
    const entry = {} as SettlementFileEntry;
    if (entry.kind === 'record') expectTypeOf(entry.record).toEqualTypeOf<SettlementRecord>();
    else expectTypeOf(entry.error).toEqualTypeOf<SettlementRowError>();
    expectTypeOf(readSettlementFile('settlement.csv')).toEqualTypeOf<AsyncGenerator<SettlementFileEntry, void, undefined>>();
    expectTypeOf(readSettlementFile).toBeCallableWith(new URL('file:///settlement.csv'));
    expectTypeOf(readSettlementFile).toBeCallableWith(new ReadableStream<Uint8Array>());
    expectTypeOf(readSettlementFile).toBeCallableWith(process.stdin);
    // @ts-expect-error a number is no source
    readSettlementFile(42);
  });
});
