// The settlement file's value sets as the published types spell them are the
// ones the gateway's field tables list (the tables are private and inlined,
// so the declarations cannot name them).
import type {
  SETTLEMENT_CASHFLOWS,
  SETTLEMENT_MATCHING_STATUSES,
  SETTLEMENT_PAYMENT_TYPES,
  SETTLEMENT_RECORD_TYPES,
  SETTLEMENT_STATUSES,
} from '@wpwl/gateway-spec/settlement-file';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  SettlementCashflow,
  SettlementMatchingStatus,
  SettlementPaymentType,
  SettlementRecordType,
  SettlementStatus,
} from '@wpwl/server/reconciliation';

describe('settlement record value sets', () => {
  it('are the field tables’ lists', () => {
    expectTypeOf<SettlementRecordType>().toEqualTypeOf<(typeof SETTLEMENT_RECORD_TYPES)[number]>();
    expectTypeOf<SettlementPaymentType>().toEqualTypeOf<(typeof SETTLEMENT_PAYMENT_TYPES)[number]>();
    expectTypeOf<SettlementCashflow>().toEqualTypeOf<(typeof SETTLEMENT_CASHFLOWS)[number]>();
    expectTypeOf<SettlementStatus>().toEqualTypeOf<(typeof SETTLEMENT_STATUSES)[number]>();
    expectTypeOf<SettlementMatchingStatus>().toEqualTypeOf<(typeof SETTLEMENT_MATCHING_STATUSES)[number]>();
  });
});
