// Reading the gateway's settlement file as the merchant receives it: each
// column's format, each record type read into its record, amounts unsigned
// with the cash flow giving the direction, both header layouts and spellings,
// quoting, CRLF and a BOM; bad rows reported by line, column and rule while
// the reading goes on; faults of the whole file thrown before any entry; every
// kind of source, abort and progress; and memory that does not grow with the
// file.
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { generateSettlementFile } from '@wpwl/sandbox';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readSettlementFile,
  SettlementFileError,
  type SettlementFileEntry,
  type SettlementRecord,
  type SettlementRowError,
} from '../src/reconciliation/index.js';

const HEADER_38 = [
  'ReconciliationType', 'PaymentType', 'Cashflow', 'ClearingInstituteMerchantId', 'MerchantAccountId', 'MerchantAccountName',
  'PspId', 'DivisionId', 'MerchantId', 'SettlementTxId', 'UniqueID', 'ShortId', 'ConnectorTxId1', 'ConnectorTxId2',
  'ConnectorTxId3', 'TransactionId', 'InvoiceId', 'Amount', 'Currency', 'Brand', 'TxRequestTime', 'SettlementAmount',
  'SettlementCurrency', 'SettlementFee', 'SettlementFxRate', 'SettlementDate', 'SettlementStatus', 'Descriptor',
  'AccountNumberLast4', 'BankCode', 'AccountHolder', 'ReasonCode', 'ReasonDesc', 'SettlementFileFormat',
  'ClearingInsitituteName', 'MatchingStatus', 'MatchedTransactions', 'ChargebackId',
]; // prettier-ignore
const HEADER_36 = HEADER_38.filter((name) => name !== 'TransactionId' && name !== 'InvoiceId');

const PAYMENT = '8ac7a4a17d1e4f0f017d1e6b3f0a4b5c';
const OTHER_PAYMENT = '8ac7a4a17d1e4f0f017d1e6b3f0a4b5d';

type Row = Record<string, string>;

/** A settled card payment, every required column and most optional ones filled. */
const SETTLED: Row = {
  ReconciliationType: 'SETTLED',
  PaymentType: 'DEBIT',
  Cashflow: 'POS',
  ClearingInstituteMerchantId: 'CIM-00001',
  MerchantAccountId: 'MA-1',
  MerchantAccountName: 'Shop GmbH',
  PspId: 'psp-1',
  DivisionId: '',
  MerchantId: 'merchant-1',
  SettlementTxId: 'STX-1',
  UniqueID: PAYMENT,
  ShortId: '1234.5678.9012',
  ConnectorTxId1: 'conn-1',
  ConnectorTxId2: '',
  ConnectorTxId3: '',
  TransactionId: 'ORDER-00000001',
  InvoiceId: '',
  Amount: '12.50',
  Currency: 'EUR',
  Brand: 'VISA',
  TxRequestTime: '2026-11-27 10:15:00',
  SettlementAmount: '12.50',
  SettlementCurrency: 'EUR',
  SettlementFee: '0.25',
  SettlementFxRate: '1.00',
  SettlementDate: '2026-11-28',
  SettlementStatus: 'SUCCESS',
  Descriptor: 'Shop GmbH order 1',
  AccountNumberLast4: '1111',
  BankCode: '',
  AccountHolder: 'Jane Doe',
  ReasonCode: '',
  ReasonDesc: '',
  SettlementFileFormat: 'ACQ_V1',
  ClearingInsitituteName: 'Clearing AG',
  MatchingStatus: 'MATCHED',
  MatchedTransactions: PAYMENT,
  ChargebackId: '',
};

/** One line of the file: the row's values in the header's order. */
function line(row: Row, header = HEADER_38): string {
  return header.map((name) => row[name] ?? '').join(';');
}

function file(rows: Row[], { header = HEADER_38, eol = '\n' }: { header?: string[]; eol?: string } = {}): string {
  return [header.join(';'), ...rows.map((row) => line(row, header))].join(eol) + eol;
}

/** The file's text as a Node stream, in pieces of `size` bytes. */
function stream(content: string | Buffer, size = 64 * 1024): Readable {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return Readable.from(pieces);
}

async function readAll(content: string | Buffer, size?: number): Promise<SettlementFileEntry[]> {
  const entries: SettlementFileEntry[] = [];
  for await (const entry of readSettlementFile(stream(content, size))) entries.push(entry);
  return entries;
}

async function records(content: string | Buffer): Promise<SettlementRecord[]> {
  const entries = await readAll(content);
  const errors = entries.flatMap((e) => (e.kind === 'rowError' ? [e.error.message] : []));
  expect(errors).toEqual([]);
  return entries.flatMap((e) => (e.kind === 'record' ? [e.record] : []));
}

/** The row error of a file with the one row `row`. */
async function errorOf(row: Row | string): Promise<SettlementRowError> {
  const text = typeof row === 'string' ? `${HEADER_38.join(';')}\n${row}\n` : file([row]);
  const entries = await readAll(text);
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  if (entry?.kind !== 'rowError') throw new Error(`expected a row error, read ${JSON.stringify(entry)}`);
  return entry.error;
}

/** The file error the first iteration throws; no entry comes before it. */
async function fileError(source: Parameters<typeof readSettlementFile>[0]): Promise<SettlementFileError> {
  const iterator = readSettlementFile(source)[Symbol.asyncIterator]();
  try {
    const first = await iterator.next();
    throw new Error(`expected a file error, read ${JSON.stringify(first)}`);
  } catch (error) {
    if (!(error instanceof SettlementFileError)) throw error;
    return error;
  }
}

describe('each column’s format', () => {
  // The column, a value it takes (with what else the row then needs), a value it refuses, and the rule named.
  const cases: { column: string; good: string; with?: Row; bad: string; rule: string }[] = [
    { column: 'ReconciliationType', good: 'FEE', bad: 'SETTLE', rule: 'one of SETTLED, CHARGEBACK, CHARGEBACK REVERSAL, FEE' },
    {
      column: 'PaymentType',
      good: 'REFUND',
      bad: 'debit',
      rule: 'one of DEBIT, CREDIT, REFUND, BATCH, MONTHLY, SUBMERCHANT, PAYMENT_FACILITATOR, AUTH_FEE, CAPTURE_FEE, CANCEL_FEE, REFUND_FEE',
    },
    { column: 'Cashflow', good: 'NEG', bad: 'IN', rule: 'one of POS, NEG' },
    { column: 'ClearingInstituteMerchantId', good: '12345', bad: '1234', rule: '5-64 characters (AN5-64)' },
    { column: 'MerchantAccountId', good: 'm'.repeat(32), bad: 'm'.repeat(33), rule: 'up to 32 characters (AN32)' },
    { column: 'MerchantAccountName', good: 'n'.repeat(32), bad: 'n'.repeat(33), rule: 'up to 32 characters (AN32)' },
    { column: 'PspId', good: 'p'.repeat(32), bad: 'p'.repeat(33), rule: 'up to 32 characters (AN32)' },
    { column: 'DivisionId', good: 'd'.repeat(32), bad: 'd'.repeat(33), rule: 'up to 32 characters (AN32)' },
    { column: 'MerchantId', good: 'm'.repeat(32), bad: 'm'.repeat(33), rule: 'up to 32 characters (AN32)' },
    { column: 'SettlementTxId', good: 's'.repeat(64), bad: 's'.repeat(65), rule: 'up to 64 characters (AN64)' },
    { column: 'UniqueID', good: 'u'.repeat(32), bad: 'u'.repeat(33), rule: 'up to 32 characters (AN32)' },
    { column: 'ShortId', good: 's'.repeat(14), bad: 's'.repeat(15), rule: 'up to 14 characters (AN14)' },
    { column: 'ConnectorTxId1', good: 'c'.repeat(64), bad: 'c'.repeat(65), rule: 'up to 64 characters (AN64)' },
    { column: 'ConnectorTxId2', good: 'c'.repeat(64), bad: 'c'.repeat(65), rule: 'up to 64 characters (AN64)' },
    { column: 'ConnectorTxId3', good: 'c'.repeat(64), bad: 'c'.repeat(65), rule: 'up to 64 characters (AN64)' },
    { column: 'TransactionId', good: 'ORDER-01', bad: 'ORDER-1', rule: '8-255 characters (AN8-255)' },
    { column: 'InvoiceId', good: 'i'.repeat(255), bad: 'i'.repeat(256), rule: '8-255 characters (AN8-255)' },
    {
      column: 'Amount',
      good: '99999999999.99',
      bad: '12.5',
      rule: 'an amount of up to 11 digits, a dot and 2 decimals (N13 with 2 decimals)',
    },
    { column: 'Currency', good: 'CHF', bad: 'eur', rule: '3 uppercase letters (ISO 4217)' },
    { column: 'Brand', good: 'DIRECTDEBIT_SEPA', bad: 'Visa', rule: 'up to 16 capitals, digits and underscores (A16, a brand code)' },
    {
      column: 'TxRequestTime',
      good: '2026-11-27 10:15:00.123+01:00',
      bad: '2026-02-30 10:15:00',
      rule: 'a date and time yyyy-MM-dd HH:mm:ss (milliseconds and a zone offset may follow)',
    },
    {
      column: 'SettlementAmount',
      good: '0.00',
      bad: '1.234',
      rule: 'an amount of up to 11 digits, a dot and 2 decimals (N13 with 2 decimals)',
    },
    { column: 'SettlementCurrency', good: 'USD', bad: 'EURO', rule: '3 uppercase letters (ISO 4217)' },
    {
      column: 'SettlementFee',
      good: '0.01',
      bad: '.25',
      rule: 'an amount of up to 11 digits, a dot and 2 decimals (N13 with 2 decimals)',
    },
    {
      column: 'SettlementFxRate',
      good: '1.0850123456',
      bad: '1.5',
      rule: 'a rate of up to 11 digits, a dot and 2 to 10 decimals',
    },
    { column: 'SettlementDate', good: '2024-02-29', bad: '2023-02-29', rule: 'a date yyyy-MM-dd (a time after it is left out)' },
    { column: 'SettlementStatus', good: 'FAILED', bad: 'OK', rule: 'one of SUCCESS, FAILED' },
    { column: 'Descriptor', good: 'é'.repeat(128), bad: 'd'.repeat(129), rule: 'up to 128 characters (AN128)' },
    { column: 'AccountNumberLast4', good: '4242', bad: '42424', rule: 'up to 4 characters (AN4)' },
    { column: 'BankCode', good: 'b'.repeat(12), bad: 'b'.repeat(13), rule: 'up to 12 characters (AN12)' },
    // Characters, not UTF-16 units: 128 emoji are 256 units and one character too few to break the rule.
    { column: 'AccountHolder', good: '😀'.repeat(128), bad: '😀'.repeat(129), rule: 'up to 128 characters (AN128)' },
    {
      column: 'ReasonCode',
      good: '000.100.201',
      with: { ReconciliationType: 'CHARGEBACK', Cashflow: 'NEG', ChargebackId: 'cb-1' },
      bad: '000-100-201',
      rule: '2-11 digits and dots',
    },
    {
      column: 'ReasonDesc',
      good: 'r'.repeat(128),
      with: { ReconciliationType: 'CHARGEBACK', Cashflow: 'NEG', ChargebackId: 'cb-1' },
      bad: 'r'.repeat(129),
      rule: 'up to 128 characters (AN128)',
    },
    { column: 'SettlementFileFormat', good: 'f'.repeat(32), bad: 'f'.repeat(33), rule: 'up to 32 characters (AN32)' },
    { column: 'ClearingInsitituteName', good: 'c'.repeat(64), bad: 'c'.repeat(65), rule: 'up to 64 characters (AN64)' },
    {
      column: 'MatchingStatus',
      good: 'MULTIPLE_MATCHES',
      with: { MatchedTransactions: `${PAYMENT},${OTHER_PAYMENT}` },
      bad: 'matched',
      rule: 'one of MATCHED, MULTIPLE_MATCHES, NOT_MATCHED',
    },
    {
      column: 'MatchedTransactions',
      good: OTHER_PAYMENT,
      bad: '8ac7a4a1-7d1e',
      rule: 'payment ids (AN32, letters and digits), separated by commas',
    },
    {
      column: 'ChargebackId',
      good: 'k'.repeat(32),
      with: { ReconciliationType: 'CHARGEBACK REVERSAL' },
      bad: 'k'.repeat(33),
      rule: 'up to 32 characters (AN32)',
    },
  ];

  it('covers every column of the file', () => {
    expect(cases.map((c) => c.column)).toEqual(HEADER_38);
  });

  it.each(cases)('$column: takes its format and names its rule when broken', async ({ column, good, with: extra, bad, rule }) => {
    const [record] = await records(file([{ ...SETTLED, ...extra, [column]: good }]));
    expect(record).toBeDefined();
    const error = await errorOf({ ...SETTLED, ...extra, [column]: bad });
    expect(error.problems).toEqual([{ column, rule, value: bad.slice(0, 80) }]);
    expect(error.message).toBe(`line 2: ${column} must be ${rule} (read "${bad.slice(0, 80)}")`);
  });

  it('a value with fewer characters than a minimum is refused, however many UTF-16 units it has', async () => {
    const error = await errorOf({ ...SETTLED, ClearingInstituteMerchantId: '😀😀😀' });
    expect(error.problems).toEqual([{ column: 'ClearingInstituteMerchantId', rule: '5-64 characters (AN5-64)', value: '😀😀😀' }]);
  });

  it('a required column left empty is named, each of them', async () => {
    const required = [
      'ReconciliationType', 'PaymentType', 'Cashflow', 'ClearingInstituteMerchantId', 'MerchantAccountId', 'PspId', 'MerchantId',
      'TransactionId', 'Amount', 'Currency', 'SettlementAmount', 'SettlementCurrency', 'SettlementFxRate', 'SettlementDate',
      'SettlementStatus', 'SettlementFileFormat', 'ClearingInsitituteName',
    ]; // prettier-ignore
    const error = await errorOf({ ...SETTLED, ...Object.fromEntries(required.map((name) => [name, ''])) });
    expect(error.problems.filter((p) => p.rule === 'present (a required column)').map((p) => p.column)).toEqual(required);
    expect(error.message).toContain('line 2: ReconciliationType must be present (a required column); PaymentType must be present');
  });

  it('the rules between columns: chargeback fields on other rows, matching status and ids', async () => {
    expect((await errorOf({ ...SETTLED, ReasonCode: '000.100.201' })).message).toBe(
      'line 2: ReasonCode must be empty except on CHARGEBACK and CHARGEBACK REVERSAL rows (read "000.100.201")',
    );
    expect((await errorOf({ ...SETTLED, MatchingStatus: 'NOT_MATCHED' })).problems).toEqual([
      { column: 'MatchedTransactions', rule: 'empty when MatchingStatus is NOT_MATCHED', value: PAYMENT },
    ]);
    expect((await errorOf({ ...SETTLED, MatchedTransactions: `${PAYMENT},${OTHER_PAYMENT}` })).problems).toEqual([
      { column: 'MatchedTransactions', rule: 'one payment id when MatchingStatus is MATCHED', value: `${PAYMENT},${OTHER_PAYMENT}` },
    ]);
    expect((await errorOf({ ...SETTLED, ReconciliationType: 'CHARGEBACK', Cashflow: 'NEG' })).problems).toEqual([
      { column: 'ChargebackId', rule: 'present on a matched CHARGEBACK row (the chargeback transaction made by matching)', value: '' },
    ]);
  });

  it('a row with several problems names every one, in column order', async () => {
    const error = await errorOf({ ...SETTLED, Amount: '12,50', Currency: 'euro', SettlementDate: '28.11.2026' });
    expect(error.problems.map((p) => p.column)).toEqual(['Amount', 'Currency', 'SettlementDate']);
    expect(error.message).toBe(
      'line 2: Amount must be an amount of up to 11 digits, a dot and 2 decimals (N13 with 2 decimals) (read "12,50"); ' +
        'Currency must be 3 uppercase letters (ISO 4217) (read "euro"); ' +
        'SettlementDate must be a date yyyy-MM-dd (a time after it is left out) (read "28.11.2026")',
    );
  });

  it('a long value is quoted in the problem cut at 80 characters', async () => {
    const error = await errorOf({ ...SETTLED, Descriptor: 'x'.repeat(200) });
    expect(error.problems[0]?.value).toBe('x'.repeat(80));
  });
});

describe('records', () => {
  it('SETTLED: a payment settled to the merchant', async () => {
    const [record] = await records(file([SETTLED]));
    expect(record).toStrictEqual({
      line: 2,
      recordType: 'SETTLED',
      paymentType: 'DEBIT',
      cashflow: 'POS',
      clearingInstituteMerchantId: 'CIM-00001',
      merchantAccountId: 'MA-1',
      merchantAccountName: 'Shop GmbH',
      pspId: 'psp-1',
      merchantId: 'merchant-1',
      settlementTxId: 'STX-1',
      uniqueId: PAYMENT,
      shortId: '1234.5678.9012',
      connectorTxId1: 'conn-1',
      transactionId: 'ORDER-00000001',
      amount: '12.50',
      currency: 'EUR',
      brand: 'VISA',
      txRequestTime: '2026-11-27 10:15:00',
      settlementAmount: '12.50',
      settlementCurrency: 'EUR',
      settlementFee: '0.25',
      settlementFxRate: '1.00',
      settlementDate: '2026-11-28',
      settlementStatus: 'SUCCESS',
      descriptor: 'Shop GmbH order 1',
      accountNumberLast4: '1111',
      accountHolder: 'Jane Doe',
      settlementFileFormat: 'ACQ_V1',
      clearingInstituteName: 'Clearing AG',
      matchingStatus: 'MATCHED',
      matchedTransactions: [PAYMENT],
    } satisfies SettlementRecord);
  });

  it('CHARGEBACK: money taken back, with its reason and the chargeback transaction', async () => {
    const [chargeback] = await records(
      file([
        {
          ...SETTLED,
          ReconciliationType: 'CHARGEBACK',
          Cashflow: 'NEG',
          Amount: '-12.50',
          SettlementAmount: '-12.50',
          SettlementFee: '-15.00',
          ReasonCode: '000.100.201',
          ReasonDesc: 'Fraud, card absent',
          ChargebackId: 'cb000000000000000000000000000001',
        },
      ]),
    );
    expect(chargeback).toMatchObject({
      recordType: 'CHARGEBACK',
      cashflow: 'NEG',
      amount: '12.50',
      settlementAmount: '12.50',
      settlementFee: '15.00',
      reasonCode: '000.100.201',
      reasonDesc: 'Fraud, card absent',
      matchingStatus: 'MATCHED',
      matchedTransactions: [PAYMENT],
      chargebackId: 'cb000000000000000000000000000001',
    });
  });

  it('CHARGEBACK REVERSAL: the money comes back, unmatched rows carry no ids', async () => {
    const [record] = await records(
      file([
        {
          ...SETTLED,
          ReconciliationType: 'CHARGEBACK REVERSAL',
          Cashflow: 'POS',
          ReasonCode: '000.100.202',
          MatchingStatus: 'NOT_MATCHED',
          MatchedTransactions: '',
        },
      ]),
    );
    expect(record).toMatchObject({ recordType: 'CHARGEBACK REVERSAL', cashflow: 'POS', amount: '12.50', reasonCode: '000.100.202' });
    expect(record?.matchingStatus).toBe('NOT_MATCHED');
    expect(record?.matchedTransactions).toEqual([]);
    expect(record).not.toHaveProperty('chargebackId');
  });

  it('FEE: a fee with no payment, empty optional columns absent', async () => {
    const fee: Row = {
      ...Object.fromEntries(HEADER_38.map((name) => [name, ''])),
      ReconciliationType: 'FEE',
      PaymentType: 'CAPTURE_FEE',
      Cashflow: 'NEG',
      ClearingInstituteMerchantId: 'CIM-00001',
      MerchantAccountId: 'MA-1',
      PspId: 'psp-1',
      MerchantId: 'merchant-1',
      TransactionId: 'FEE-2026-11',
      Amount: '-0.35',
      Currency: 'EUR',
      SettlementAmount: '-0.35',
      SettlementCurrency: 'EUR',
      SettlementFxRate: '1.00',
      SettlementDate: '2026-11-28',
      SettlementStatus: 'SUCCESS',
      SettlementFileFormat: 'ACQ_V1',
      ClearingInsitituteName: 'Clearing AG',
    };
    const [record] = await records(file([fee]));
    expect(record).toStrictEqual({
      line: 2,
      recordType: 'FEE',
      paymentType: 'CAPTURE_FEE',
      cashflow: 'NEG',
      clearingInstituteMerchantId: 'CIM-00001',
      merchantAccountId: 'MA-1',
      pspId: 'psp-1',
      merchantId: 'merchant-1',
      transactionId: 'FEE-2026-11',
      amount: '0.35',
      currency: 'EUR',
      settlementAmount: '0.35',
      settlementCurrency: 'EUR',
      settlementFxRate: '1.00',
      settlementDate: '2026-11-28',
      settlementStatus: 'SUCCESS',
      settlementFileFormat: 'ACQ_V1',
      clearingInstituteName: 'Clearing AG',
      matchedTransactions: [],
    } satisfies SettlementRecord);
  });

  it('MULTIPLE_MATCHES: every payment id, in the file’s order', async () => {
    const [record] = await records(
      file([{ ...SETTLED, MatchingStatus: 'MULTIPLE_MATCHES', MatchedTransactions: `${OTHER_PAYMENT},${PAYMENT}` }]),
    );
    expect(record?.matchedTransactions).toEqual([OTHER_PAYMENT, PAYMENT]);
  });

  it('SettlementDate keeps the date only; TxRequestTime stays as written', async () => {
    const [record] = await records(
      file([{ ...SETTLED, SettlementDate: '2026-11-28 23:59:59', TxRequestTime: '2026-11-27T10:15:00+0100' }]),
    );
    expect(record?.settlementDate).toBe('2026-11-28');
    expect(record?.txRequestTime).toBe('2026-11-27T10:15:00+0100');
  });
});

describe('signs: the cash flow gives the direction', () => {
  it('a minus on a NEG row is taken and left out of the record', async () => {
    const [record] = await records(
      file([{ ...SETTLED, PaymentType: 'REFUND', Cashflow: 'NEG', Amount: '-12.50', SettlementAmount: '-12.50', SettlementFee: '-0.25' }]),
    );
    expect(record).toMatchObject({ cashflow: 'NEG', amount: '12.50', settlementAmount: '12.50', settlementFee: '0.25' });
  });

  it('a NEG row may also write its amounts unsigned', async () => {
    const [record] = await records(file([{ ...SETTLED, PaymentType: 'REFUND', Cashflow: 'NEG' }]));
    expect(record).toMatchObject({ cashflow: 'NEG', amount: '12.50', settlementAmount: '12.50' });
  });

  it('a minus on a POS row is refused', async () => {
    const error = await errorOf({ ...SETTLED, Amount: '-12.50' });
    expect(error.problems).toEqual([
      {
        column: 'Amount',
        rule: 'an amount of up to 11 digits, a dot and 2 decimals (N13 with 2 decimals), without a minus sign on a POS row',
        value: '-12.50',
      },
    ]);
  });

  it('a minus is still an amount’s: two of them, or a minus on the rate, are refused', async () => {
    const error = await errorOf({ ...SETTLED, Cashflow: 'NEG', Amount: '--12.50', SettlementFxRate: '-1.00' });
    expect(error.problems.map((p) => [p.column, p.rule])).toEqual([
      ['Amount', 'an amount of up to 11 digits, a dot and 2 decimals (N13 with 2 decimals)'],
      ['SettlementFxRate', 'a rate of up to 11 digits, a dot and 2 to 10 decimals'],
    ]);
  });
});

describe('layouts, spellings and text', () => {
  it('the 36-column layout of the interface’s list: no TransactionId, which is then not required', async () => {
    const [record] = await records(file([SETTLED], { header: HEADER_36 }));
    expect(record).toMatchObject({ uniqueId: PAYMENT, amount: '12.50', clearingInstituteName: 'Clearing AG' });
    expect(record).not.toHaveProperty('transactionId');
  });

  it('the 38-column layout requires TransactionId', async () => {
    const error = await errorOf({ ...SETTLED, TransactionId: '' });
    expect(error.message).toBe('line 2: TransactionId must be present (a required column)');
  });

  it('ClearingInstituteName, spelled right, is the same column', async () => {
    const header = HEADER_38.map((name) => (name === 'ClearingInsitituteName' ? 'ClearingInstituteName' : name));
    const text = [header.join(';'), line(SETTLED)].join('\n');
    const [record] = await records(text);
    expect(record?.clearingInstituteName).toBe('Clearing AG');
  });

  it('columns are found by name, in any order', async () => {
    const header = [...HEADER_36].reverse();
    const [record] = await records(file([SETTLED], { header }));
    expect(record).toMatchObject({ recordType: 'SETTLED', amount: '12.50', matchedTransactions: [PAYMENT] });
  });

  it('quoted fields: a semicolon, doubled quotes and a line break inside; an empty quoted value is no value', async () => {
    const row = line({ ...SETTLED, Descriptor: '"Shop; ""Best"" GmbH"', AccountHolder: '"Jane\nDoe"', BankCode: '""' });
    const text = `${HEADER_38.join(';')}\n${row}\n${line(SETTLED)}\n`;
    const [quoted, next] = await records(text);
    expect(quoted).toMatchObject({ line: 2, descriptor: 'Shop; "Best" GmbH', accountHolder: 'Jane\nDoe' });
    expect(quoted).not.toHaveProperty('bankCode');
    // The quoted line break moves the next row to line 4.
    expect(next?.line).toBe(4);
  });

  it('a quoted CRLF inside a field counts as one line', async () => {
    const row = line({ ...SETTLED, Descriptor: '"one\r\ntwo\r\nthree"' });
    const text = `${HEADER_38.join(';')}\r\n${row}\r\n${line(SETTLED)}\r\n`;
    const [quoted, next] = await records(text);
    expect(quoted?.descriptor).toBe('one\r\ntwo\r\nthree');
    expect(next?.line).toBe(5);
  });

  it('CRLF line ends: nothing of them is left in the last column', async () => {
    const chargeback = { ...SETTLED, ReconciliationType: 'CHARGEBACK', Cashflow: 'NEG', ChargebackId: 'cb-1' };
    const [record] = await records(file([chargeback], { eol: '\r\n' }));
    expect(record?.chargebackId).toBe('cb-1');
  });

  it('a UTF-8 BOM is skipped', async () => {
    const [record] = await records(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(file([SETTLED]))]));
    expect(record?.recordType).toBe('SETTLED');
  });

  it('blank lines, a trailing one too, are skipped and still counted', async () => {
    const text = `${HEADER_38.join(';')}\n\n${line(SETTLED)}\n  \n\r\n${line(SETTLED)}\n\n`;
    const read = await records(text);
    expect(read.map((r) => r.line)).toEqual([3, 6]);
  });

  it('a file without a line break at its end reads its last row', async () => {
    const [record] = await records(`${HEADER_38.join(';')}\n${line(SETTLED)}`);
    expect(record?.line).toBe(2);
  });

  it('a character split between two pieces of the stream is read whole', async () => {
    const text = file([{ ...SETTLED, AccountHolder: 'Renée Müller' }]);
    const at = Buffer.from(text).indexOf(Buffer.from('é')) + 1;
    // Every piece boundary, one of them in the middle of "é".
    for (const size of [at, 7, 1]) {
      const [record] = (await readAll(text, size)).flatMap((e) => (e.kind === 'record' ? [e.record] : []));
      expect(record?.accountHolder).toBe('Renée Müller');
    }
  });

  it('the same entries whatever the size of the pieces the text comes in', async () => {
    const text = [
      `\uFEFF${HEADER_38.join(';')}`,
      line({ ...SETTLED, Descriptor: '"a; ""quoted""\r\nvalue"', AccountHolder: '"Renée"' }),
      '',
      line({ ...SETTLED, Amount: '12,50' }),
      line({ ...SETTLED, Descriptor: '"Shop "Best" GmbH"' }),
      line({ ...SETTLED, Descriptor: '"never closed' }),
      line({ ...SETTLED, ChargebackId: '""' }),
      line(SETTLED).split(';').slice(0, 30).join(';'),
      line({ ...SETTLED, ReconciliationType: 'CHARGEBACK', Cashflow: 'NEG', ChargebackId: '"cb-1"' }),
    ].join('\r\n');
    const whole = await readAll(text, Buffer.byteLength(text));
    // The stray quote of line 7 costs that row only.
    expect(whole.map((e) => [e.kind, e.kind === 'record' ? e.record.line : e.error.line])).toEqual([
      ['record', 2],
      ['rowError', 5],
      ['rowError', 6],
      ['rowError', 7],
      ['record', 8],
      ['rowError', 9],
      ['record', 10],
    ]);
    for (const size of [1, 2, 3, 5, 64, 333]) expect(await readAll(text, size), `pieces of ${size} bytes`).toEqual(whole);
  });

  it('a header-only file has no entries', async () => {
    expect(await readAll(`${HEADER_38.join(';')}\n`)).toEqual([]);
  });
});

describe('row errors: the reading goes on', () => {
  it('1000 good rows and one bad one: 1000 records and one row error with its line, column and rule', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) =>
      i === 500 ? { ...SETTLED, Amount: '12.5' } : { ...SETTLED, TransactionId: `ORDER-${String(i).padStart(8, '0')}` },
    );
    const entries = await readAll(file(rows), 4096);
    const read = entries.flatMap((e) => (e.kind === 'record' ? [e.record] : []));
    const errors = entries.flatMap((e) => (e.kind === 'rowError' ? [e.error] : []));
    expect(read).toHaveLength(1000);
    expect(read[0]?.line).toBe(2);
    expect(read[999]?.line).toBe(1002);
    expect(errors).toEqual([
      {
        line: 502,
        problems: [{ column: 'Amount', rule: 'an amount of up to 11 digits, a dot and 2 decimals (N13 with 2 decimals)', value: '12.5' }],
        message: 'line 502: Amount must be an amount of up to 11 digits, a dot and 2 decimals (N13 with 2 decimals) (read "12.5")',
      },
    ]);
    // In file order: the error comes between lines 501 and 503.
    expect(entries[500]).toMatchObject({ kind: 'rowError', error: { line: 502 } });
  });

  it('a row with fewer or more fields than the header', async () => {
    const short = await errorOf(line(SETTLED).split(';').slice(0, 37).join(';'));
    expect(short.problems).toEqual([{ column: '(field count)', rule: '38 fields like the header', value: '37' }]);
    expect(short.message).toBe('line 2: the row has 37 fields and must have 38 fields like the header');
    const long = await errorOf(`${line(SETTLED)};extra`);
    expect(long.message).toBe('line 2: the row has 39 fields and must have 38 fields like the header');
  });

  it('a byte that is not UTF-8 (Latin-1 "é") names its column; the next row is read', async () => {
    const bad = Buffer.concat([
      Buffer.from(`${HEADER_38.join(';')}\n`),
      Buffer.from(line({ ...SETTLED, AccountHolder: 'Renée' }), 'latin1'),
      Buffer.from(`\n${line(SETTLED)}\n`),
    ]);
    const entries = await readAll(bad);
    expect(entries.map((e) => e.kind)).toEqual(['rowError', 'record']);
    const [first] = entries;
    if (first?.kind !== 'rowError') throw new Error('expected a row error');
    expect(first.error.problems).toEqual([{ column: 'AccountHolder', rule: 'UTF-8 text', value: 'Ren\uFFFDe' }]);
    expect(first.error.message).toBe('line 2: AccountHolder must be UTF-8 text (read "Ren\uFFFDe")');
  });

  it('text after a closing quote names its column', async () => {
    const error = await errorOf(line({ ...SETTLED, Descriptor: '"Shop "Best" GmbH"' }));
    expect(error.problems).toEqual([
      {
        column: 'Descriptor',
        rule: 'a quoted value followed by ";" or the line end (a double quote inside it is written twice: "")',
        value: 'Shop Best" GmbH"',
      },
    ]);
  });

  it('a quote never closed is reported on its line; the reading goes on at the next line', async () => {
    const text = `${HEADER_38.join(';')}\n${line({ ...SETTLED, Descriptor: '"Shop GmbH' })}\n${line(SETTLED)}\n${line(SETTLED)}\n`;
    const entries = await readAll(text);
    expect(entries.map((e) => e.kind)).toEqual(['rowError', 'record', 'record']);
    const [first, second] = entries;
    if (first?.kind !== 'rowError' || second?.kind !== 'record') throw new Error('unexpected entries');
    expect(first.error.line).toBe(2);
    expect(first.error.problems.map((p) => [p.column, p.rule])).toEqual([
      ['Descriptor', 'a quoted value closed by a double quote (no closing quote makes a row of it: the reading goes on at the next line)'],
    ]);
    expect(second.record.line).toBe(3);
  });

  it('a line too long to be a row is reported and passed over', async () => {
    const text = `${HEADER_38.join(';')}\n${'x'.repeat(200_000)}\n${line(SETTLED)}\n`;
    const entries = await readAll(text, 4096);
    expect(entries.map((e) => e.kind)).toEqual(['rowError', 'record']);
    expect(entries[0]).toMatchObject({
      kind: 'rowError',
      error: {
        line: 2,
        problems: [{ column: '(line length)' }],
        message: 'line 2: the line must be at most 65536 characters long (no line break follows within them)',
      },
    });
    expect(entries[1]).toMatchObject({ kind: 'record', record: { line: 3 } });
  });
});

describe('file errors: thrown before any entry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'settlement-read-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a header separated by commas', async () => {
    const error = await fileError(stream(file([SETTLED]).replaceAll(';', ',')));
    expect(error.code).toBe('SEPARATOR');
    expect(error.message).toBe('the header is separated by ","; the settlement file is separated by semicolons (;)');
  });

  it('a header separated by tabs', async () => {
    const error = await fileError(stream(file([SETTLED]).replaceAll(';', '\t')));
    expect(error.code).toBe('SEPARATOR');
    expect(error.message).toContain('separated by tabs');
  });

  it('an unknown column', async () => {
    const header = HEADER_38.map((name) => (name === 'Brand' ? 'PaymentBrand' : name));
    const error = await fileError(stream(file([SETTLED], { header })));
    expect(error.code).toBe('UNKNOWN_COLUMN');
    expect(error.message).toMatch(/^header column 20 "PaymentBrand" is not a column of the settlement file/);
  });

  it('a missing column', async () => {
    const header = HEADER_38.filter((name) => name !== 'Currency');
    const error = await fileError(stream(file([SETTLED], { header })));
    expect(error.code).toBe('MISSING_COLUMN');
    expect(error.message).toContain('lacks Currency');
  });

  it('a column named twice, in either spelling', async () => {
    const error = await fileError(stream(file([SETTLED], { header: [...HEADER_38, 'ClearingInstituteName'] })));
    expect(error.code).toBe('DUPLICATE_COLUMN');
    expect(error.message).toBe('header column 39 "ClearingInstituteName" names ClearingInsitituteName a second time');
  });

  it('UTF-16, with its byte order mark or without', async () => {
    const withBom = await fileError(stream(Buffer.from(`\uFEFF${file([SETTLED])}`, 'utf16le')));
    expect(withBom.code).toBe('ENCODING');
    expect(withBom.message).toContain('UTF-16');
    const without = await fileError(stream(Buffer.from(file([SETTLED]), 'utf16le')));
    expect(without.code).toBe('ENCODING');
    expect(without.message).toContain('NUL bytes');
  });

  it('a header that is not UTF-8', async () => {
    const error = await fileError(stream(Buffer.from(file([SETTLED]).replace('Brand', 'Marké'), 'latin1')));
    expect(error.code).toBe('ENCODING');
    expect(error.message).toBe('the header has bytes that are not UTF-8 (header column 20): the settlement file must be UTF-8 text');
  });

  it('an empty file, or one of blank lines and a BOM', async () => {
    expect((await fileError(stream(''))).code).toBe('EMPTY_FILE');
    const blank = await fileError(stream(Buffer.from('\uFEFF\n\r\n  \n')));
    expect(blank.code).toBe('EMPTY_FILE');
    expect(blank.message).toBe('the settlement file is empty: it has no header line');
  });

  it('a missing file', async () => {
    const path = join(dir, 'missing.csv');
    const error = await fileError(path);
    expect(error.code).toBe('READ_FAILED');
    expect(error.message).toContain(path);
    expect(error.cause).toMatchObject({ code: 'ENOENT' });
  });

  it('a stream that fails after some rows: the rows before, then READ_FAILED', async () => {
    async function* failing() {
      yield Buffer.from(file([SETTLED]));
      throw new Error('connection reset');
    }
    const entries: SettlementFileEntry[] = [];
    const reading = (async () => {
      for await (const entry of readSettlementFile(failing())) entries.push(entry);
    })();
    await expect(reading).rejects.toMatchObject({
      code: 'READ_FAILED',
      message: 'the settlement file stream could not be read: connection reset',
    });
    expect(entries).toHaveLength(1);
  });

  it('a URL that is not a file', async () => {
    const error = await fileError(new URL('https://example.com/settlement.csv'));
    expect(error.code).toBe('READ_FAILED');
  });
});

describe('sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'settlement-read-'));
  const path = join(dir, 'settlement.csv');
  writeFileSync(path, file([SETTLED, { ...SETTLED, Amount: '1.00', SettlementAmount: '1.00' }]));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function amounts(source: Parameters<typeof readSettlementFile>[0]): Promise<string[]> {
    const out: string[] = [];
    for await (const entry of readSettlementFile(source)) if (entry.kind === 'record') out.push(entry.record.amount);
    return out;
  }

  it('a path, a file URL and a file: URL string', async () => {
    expect(await amounts(path)).toEqual(['12.50', '1.00']);
    expect(await amounts(pathToFileURL(path))).toEqual(['12.50', '1.00']);
    expect(await amounts(pathToFileURL(path).href)).toEqual(['12.50', '1.00']);
  });

  it('a Node stream', async () => {
    expect(await amounts(stream(file([SETTLED]), 100))).toEqual(['12.50']);
  });

  it('a Web ReadableStream (a fetch response’s body)', async () => {
    const body = new Response(file([SETTLED, SETTLED])).body;
    if (!body) throw new Error('no body');
    expect(await amounts(body)).toEqual(['12.50', '12.50']);
  });

  it('an async iterable of text', async () => {
    async function* pieces() {
      const text = file([SETTLED]);
      yield text.slice(0, 50);
      yield text.slice(50);
    }
    expect(await amounts(pieces())).toEqual(['12.50']);
  });

  it('leaving the loop early closes a Web stream', async () => {
    let cancelled = false;
    const text = file(Array.from({ length: 100 }, () => SETTLED));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(text));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const entry of readSettlementFile(body)) {
      expect(entry.kind).toBe('record');
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('asks the source for a piece only when the rows of the last one are used (backpressure)', async () => {
    let pulled = 0;
    const row = `${line(SETTLED)}\n`;
    async function* pieces() {
      yield `${HEADER_38.join(';')}\n`;
      for (;;) {
        pulled++;
        yield row.repeat(10);
      }
    }
    const iterator = readSettlementFile(pieces())[Symbol.asyncIterator]();
    for (let i = 0; i < 25; i++) await iterator.next();
    // 25 rows need 3 pieces of 10 rows.
    expect(pulled).toBe(3);
    await iterator.return?.();
  });

  it('an abort stops the reading with the signal’s reason and closes the source', async () => {
    const controller = new AbortController();
    const source = stream(file(Array.from({ length: 2000 }, () => SETTLED)));
    let read = 0;
    const reading = (async () => {
      for await (const _ of readSettlementFile(source, { signal: controller.signal })) {
        if (++read === 10) controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    // The rest of the piece already read (about 200 rows) is not given either.
    expect(read).toBe(10);
    if (!source.destroyed) await once(source, 'close');
    expect(source.destroyed).toBe(true);
  });

  it('an abort while waiting for the source stops at once', async () => {
    const controller = new AbortController();
    async function* stalled() {
      yield `${HEADER_38.join(';')}\n`;
      await new Promise(() => undefined);
    }
    const iterator = readSettlementFile(stalled(), { signal: controller.signal })[Symbol.asyncIterator]();
    const next = iterator.next();
    setTimeout(() => controller.abort(new Error('stopped by the operator')), 10);
    await expect(next).rejects.toThrow('stopped by the operator');
  });

  it('reports progress about every MiB, and the total at the end', async () => {
    const text = file(Array.from({ length: 12_000 }, () => SETTLED));
    const total = Buffer.byteLength(text);
    expect(total).toBeGreaterThan(3 * 2 ** 20);
    const seen: number[] = [];
    for await (const _ of readSettlementFile(stream(text), { onProgress: (bytes) => seen.push(bytes) })) {
      // the rows are not kept
    }
    expect(seen.at(-1)).toBe(total);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.length).toBeLessThanOrEqual(Math.ceil(total / 2 ** 20) + 1);
    for (let i = 1; i < seen.length - 1; i++) expect((seen[i] as number) - (seen[i - 1] as number)).toBeGreaterThanOrEqual(2 ** 20);
  });
});

describe('the sandbox’s settlement files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'settlement-read-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([38, 36] as const)('a generated file of the %s-column layout: every row read, only its bad rows refused', async (layout) => {
    const path = join(dir, `generated-${layout}.csv`);
    const written = await generateSettlementFile({
      rows: 3000,
      path,
      layout,
      currencies: ['EUR', 'USD'],
      refundRate: 0.1,
      chargebackRate: 0.05,
      chargebackReversalRate: 0.5,
      badRowRate: 0.02,
    });
    const kinds = new Map<string, number>();
    let errors = 0;
    for await (const entry of readSettlementFile(path)) {
      if (entry.kind === 'rowError') errors++;
      else {
        const kind = `${entry.record.recordType} ${entry.record.paymentType}`;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
    }
    expect(written.bad).toBeGreaterThan(0);
    expect(errors).toBe(written.bad);
    expect(kinds.get('SETTLED DEBIT')).toBe(written.settled);
    expect(kinds.get('SETTLED REFUND')).toBe(written.refunds);
    expect(kinds.get('CHARGEBACK DEBIT')).toBe(written.chargebacks);
    expect(kinds.get('CHARGEBACK REVERSAL DEBIT')).toBe(written.chargebackReversals);
    expect([...kinds.entries()].filter(([kind]) => kind.startsWith('FEE')).reduce((sum, [, n]) => sum + n, 0)).toBe(written.fees);
  });
});

describe('memory', () => {
  it('reading 200,000 rows holds about as much memory as reading 20,000', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const rows = 200_000;
    const row = `${line(SETTLED)}\n`;
    // About 85 MB of text, made as it is read: nothing holds the whole file.
    async function* generated() {
      yield `${HEADER_38.join(';')}\n`;
      for (let i = 0; i < rows; i += 100) yield row.repeat(100);
    }
    let read = 0;
    let baseline = 0;
    for await (const entry of readSettlementFile(generated())) {
      if (entry.kind === 'record') read++;
      if (read === 20_000) {
        gc();
        baseline = process.memoryUsage().heapUsed;
      }
    }
    gc();
    const after = process.memoryUsage().heapUsed;
    expect(read).toBe(rows);
    // Kept rows would take well over 100 MB here.
    expect(after - baseline).toBeLessThan(16 * 2 ** 20);
  }, 60_000);
});
