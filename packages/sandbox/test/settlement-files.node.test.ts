// The sandbox's settlement files: the payments it took end up in the file of
// their settlement date with the interface's columns, a fee and a FEE row,
// every row passing the file's row checks; refunds, chargebacks and their
// reversals; delayDays; nothing written twice; the card network's chargebacks
// by rate; the admin route; the 36-column layout.
import { mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLEMENT_FILE_HEADER_36, SETTLEMENT_FILE_HEADER_38 } from '@wpwl/gateway-spec/settlement-file';
import { RESULTS, SettlementFilesError, type SandboxOptions, type SettlementFilesOptions } from '@wpwl/sandbox';
import { openSandbox, type Client } from './client.js';
import { readSettlementFile, type ReadRow } from './settlement-csv.js';
import { startWebhookReceiver, WEBHOOK_KEY, type WebhookReceiver } from './webhook-receiver.js';

const DAY = 86_400_000;
/** 2026-03-10 10:00:00 UTC. */
const START = Date.UTC(2026, 2, 10, 10, 0, 0);

let client: Client | undefined;
let receiver: WebhookReceiver | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await client?.sandbox.close();
  await receiver?.close();
  client = undefined;
  receiver = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-settlement-'));
  dirs.push(dir);
  return dir;
}

async function start(settlement: Partial<SettlementFilesOptions> = {}, options: SandboxOptions = {}): Promise<{ c: Client; dir: string }> {
  const dir = settlement.dir ?? newDir();
  client = await openSandbox({ clock: () => START, ...options, settlementFiles: { ...settlement, dir } });
  return { c: client, dir };
}

/** The rows of `path`, each checked to pass the file's row checks. */
function goodRows(path: string, header: readonly string[] = SETTLEMENT_FILE_HEADER_38): ReadRow['values'][] {
  const file = readSettlementFile(path);
  expect(file.header).toEqual(header);
  for (const [i, row] of file.rows.entries()) expect(row.problems, `row ${i + 1}: ${JSON.stringify(row.values)}`).toEqual([]);
  return file.rows.map((row) => row.values);
}

describe('the settlement file of a day', () => {
  it('holds each paid payment of the day before: the interface columns, fee, FEE row; nothing before its date', async () => {
    const { c, dir } = await start();
    const checkoutId = await c.checkout({ merchantTransactionId: 'order-1001', descriptor: 'wpwl shop 1001' });
    const paid = await c.shopperPays(checkoutId);
    expect(paid.status).toBe(200);
    await c.pay({ merchantTransactionId: 'order-1002', amount: '10.05', merchantInvoiceId: 'invoice-1002' });
    const wallet = await c.checkout({ merchantTransactionId: 'order-1003', amount: '12.50' });
    const walletPaid = await c.request(
      'POST',
      `/v1/checkouts/${wallet}/payment`,
      { paymentBrand: 'GOOGLEPAY', 'wallet.amount': '12.50', 'wallet.currency': 'EUR' },
      'none',
    );
    expect(walletPaid.status).toBe(200);

    expect(await c.sandbox.writeSettlementFiles()).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    c.sandbox.advanceClock(DAY);
    const written = await c.sandbox.writeSettlementFiles();
    expect(written).toEqual([join(dir, 'settlement-2026-03-11.csv')]);
    // Written whole: no temporary file left beside it.
    expect(readdirSync(dir)).toEqual(['settlement-2026-03-11.csv']);

    const [first, second, third, fee, ...rest] = goodRows(written[0] ?? '');
    expect(rest).toEqual([]);
    const payments = c.sandbox.payments();
    const entity = c.sandbox.entityId;
    expect(first).toEqual({
      ...Object.fromEntries(SETTLEMENT_FILE_HEADER_38.map((name) => [name, ''])),
      ReconciliationType: 'SETTLED',
      PaymentType: 'DEBIT',
      Cashflow: 'POS',
      ClearingInstituteMerchantId: entity,
      MerchantAccountId: entity,
      MerchantAccountName: 'wpwl sandbox merchant',
      PspId: entity,
      MerchantId: entity,
      SettlementTxId: 'SBX-20260311-000001',
      UniqueID: payments[0]?.id,
      ConnectorTxId1: payments[0]?.id,
      TransactionId: 'order-1001',
      Amount: '92.00',
      Currency: 'EUR',
      Brand: 'VISA',
      TxRequestTime: '2026-03-10 10:00:00',
      SettlementAmount: '92.00',
      SettlementCurrency: 'EUR',
      // 1.40 % of 92.00 is 1.288, 1.29 rounded half up, and 0.25.
      SettlementFee: '1.54',
      SettlementFxRate: '1.00',
      SettlementDate: '2026-03-11',
      SettlementStatus: 'SUCCESS',
      Descriptor: 'wpwl shop 1001',
      AccountNumberLast4: '0000',
      AccountHolder: 'Jane Jones',
      SettlementFileFormat: 'SANDBOX_V1',
      ClearingInsitituteName: 'wpwl sandbox',
      MatchingStatus: 'MATCHED',
      MatchedTransactions: payments[0]?.id,
    });
    // 10.05 × 1.40 % = 0.1407 → 0.14, and 0.25.
    expect(second).toMatchObject({
      UniqueID: payments[1]?.id,
      TransactionId: 'order-1002',
      InvoiceId: 'invoice-1002',
      Amount: '10.05',
      SettlementFee: '0.39',
    });
    // 12.50 × 1.40 % = 0.175 → 0.18 (half up), and 0.25; a wallet has no card.
    expect(third).toMatchObject({
      UniqueID: payments[2]?.id,
      Brand: 'GOOGLEPAY',
      Amount: '12.50',
      SettlementFee: '0.43',
      AccountNumberLast4: '',
      AccountHolder: '',
    });
    expect(fee).toMatchObject({
      ReconciliationType: 'FEE',
      PaymentType: 'BATCH',
      Cashflow: 'NEG',
      UniqueID: '',
      TransactionId: 'FEE-20260311-EUR',
      Amount: '0.50',
      Currency: 'EUR',
      SettlementAmount: '0.50',
      SettlementDate: '2026-03-11',
      MatchingStatus: '',
      MatchedTransactions: '',
    });
  });

  it('settles captures, not preauthorizations, and leaves out declined, pending and reversed payments', async () => {
    const { c } = await start({ feePercent: '2.5', feeFixed: '0' });
    await c.pay({ 'card.number': '4000000000000002' }); // declined
    await c.pay({ 'card.number': '4000000000003220' }); // 3-D Secure, pending
    const reversed = await c.pay({ merchantTransactionId: 'order-reversed' });
    await c.reference(reversed.body.id, 'RV');
    const pa = await c.pay({ paymentType: 'PA', merchantTransactionId: 'order-2001', amount: '50.00' });
    const cp = await c.reference(pa.body.id, 'CP', { amount: '20.00', currency: 'EUR' });
    const credit = await c.pay({ paymentType: 'CD', amount: '5.00', merchantTransactionId: 'payout-0001' });
    c.sandbox.advanceClock(DAY);
    const [path] = await c.sandbox.writeSettlementFiles();
    const rows = goodRows(path ?? '');
    expect(rows.map((r) => [r.ReconciliationType, r.PaymentType, r.Cashflow, r.UniqueID, r.Amount, r.SettlementFee])).toEqual([
      // The capture has the preauthorization's card and reference; 2.5 % of 20.00.
      ['SETTLED', 'DEBIT', 'POS', cp.body.id, '20.00', '0.50'],
      ['SETTLED', 'CREDIT', 'NEG', credit.body.id, '5.00', '0.00'],
      ['FEE', 'BATCH', 'NEG', '', '0.50', ''],
    ]);
    expect(rows[0]).toMatchObject({
      TransactionId: 'order-2001',
      AccountNumberLast4: '0000',
      AccountHolder: 'Jane Jones',
      MatchedTransactions: cp.body.id,
    });
  });

  it('writes refunds, chargebacks and chargeback reversals in the file of the day they happen', async () => {
    const { c } = await start();
    const db = await c.pay({ merchantTransactionId: 'order-3001' });
    c.sandbox.advanceClock(DAY);
    await c.sandbox.writeSettlementFiles();
    const rf = await c.reference(db.body.id, 'RF', { amount: '12.00', currency: 'EUR' });
    const cb = c.sandbox.chargeback(db.body.id, { amount: '40.00', chargebackResultCode: '000.100.220' });
    const cr = c.sandbox.reverseChargeback(cb.id);
    c.sandbox.advanceClock(DAY);
    const [path] = await c.sandbox.writeSettlementFiles();
    expect(path).toMatch(/settlement-2026-03-12\.csv$/);
    const [refund, chargeback, reversal, fee, ...rest] = goodRows(path ?? '');
    expect(rest).toEqual([]);
    expect(refund).toMatchObject({
      ReconciliationType: 'SETTLED',
      PaymentType: 'REFUND',
      Cashflow: 'NEG',
      UniqueID: rf.body.id,
      TransactionId: 'order-3001',
      Amount: '12.00',
      SettlementFee: '0.00',
      MatchingStatus: 'MATCHED',
      MatchedTransactions: db.body.id,
      ChargebackId: '',
    });
    expect(chargeback).toMatchObject({
      ReconciliationType: 'CHARGEBACK',
      PaymentType: 'DEBIT',
      Cashflow: 'NEG',
      UniqueID: db.body.id,
      ChargebackId: cb.id,
      ReasonCode: '000.100.220',
      ReasonDesc: RESULTS.chargebackFraud.description,
      Amount: '40.00',
      TransactionId: 'order-3001',
      AccountNumberLast4: '0000',
      MatchedTransactions: db.body.id,
    });
    expect(reversal).toMatchObject({
      ReconciliationType: 'CHARGEBACK REVERSAL',
      PaymentType: 'DEBIT',
      Cashflow: 'POS',
      UniqueID: db.body.id,
      ChargebackId: cr.id,
      ReasonCode: '000.100.220',
      Amount: '40.00',
      MatchedTransactions: db.body.id,
    });
    expect(fee).toMatchObject({ ReconciliationType: 'FEE', Amount: '0.50', Currency: 'EUR' });
  });

  it('one FEE row per currency; the merchant reference or a sandbox-made one; free text quoted', async () => {
    const { c } = await start({ feePercent: '0', feeFixed: '1.00' });
    await c.pay({ currency: 'USD', merchantTransactionId: '17', descriptor: 'Shop; "Spring" sale' });
    await c.pay({ currency: 'EUR' });
    await c.pay({ currency: 'USD', merchantTransactionId: 'order-4003' });
    c.sandbox.advanceClock(DAY);
    const [path] = await c.sandbox.writeSettlementFiles();
    const rows = goodRows(path ?? '');
    const [short, none] = c.sandbox.payments();
    expect(c.sandbox.payments().map((p) => p.state)).toEqual(['success', 'success', 'success']);
    // "17" is taken by the sandbox (as by the gateway) but is no TransactionId (AN 8-255): the sandbox makes one.
    expect(rows[0]).toMatchObject({ TransactionId: `SBX${short?.id}`, Descriptor: 'Shop; "Spring" sale' });
    expect(rows[1]).toMatchObject({ TransactionId: `SBX${none?.id}` });
    expect(readFileSync(path ?? '', 'utf8')).toContain(';"Shop; ""Spring"" sale";');
    expect(rows.slice(3).map((r) => [r.ReconciliationType, r.Currency, r.Amount, r.TransactionId])).toEqual([
      ['FEE', 'USD', '0.50', 'FEE-20260311-USD'],
      ['FEE', 'EUR', '0.50', 'FEE-20260311-EUR'],
    ]);
  });
});

describe('when files are written', () => {
  it('delayDays: a payment settles that many days after its date', async () => {
    const { c, dir } = await start({ delayDays: 3 });
    const db = await c.pay();
    c.sandbox.advanceClock(DAY);
    expect(await c.sandbox.writeSettlementFiles()).toEqual([]);
    c.sandbox.advanceClock(DAY);
    expect(await c.sandbox.writeSettlementFiles()).toEqual([]);
    c.sandbox.advanceClock(DAY);
    expect(await c.sandbox.writeSettlementFiles()).toEqual([join(dir, 'settlement-2026-03-13.csv')]);
    expect(goodRows(join(dir, 'settlement-2026-03-13.csv'))[0]).toMatchObject({
      UniqueID: db.body.id,
      TxRequestTime: '2026-03-10 10:00:00',
      SettlementDate: '2026-03-13',
    });
  });

  it('writes each date once, oldest first, and never a payment twice; what comes due for a written date goes into the next', async () => {
    const { c, dir } = await start({ delayDays: 0 });
    const a = await c.pay();
    c.sandbox.advanceClock(DAY);
    const b = await c.pay();
    c.sandbox.advanceClock(DAY);
    const c1 = await c.pay();
    // Two runs at once: one writes, the other finds nothing left.
    const [first, second] = await Promise.all([c.sandbox.writeSettlementFiles(), c.sandbox.writeSettlementFiles()]);
    expect(first).toEqual(['2026-03-10', '2026-03-11', '2026-03-12'].map((d) => join(dir, `settlement-${d}.csv`)));
    expect(second).toEqual([]);
    expect(goodRows(first?.[0] ?? '').map((r) => r.UniqueID)).toEqual([a.body.id, '']);
    expect(goodRows(first?.[1] ?? '').map((r) => r.UniqueID)).toEqual([b.body.id, '']);
    expect(goodRows(first?.[2] ?? '').map((r) => r.UniqueID)).toEqual([c1.body.id, '']);
    const before = readFileSync(first?.[2] ?? '', 'utf8');

    // Paid on 2026-03-12 after its file was written: settled in the next day's file.
    const late = await c.pay();
    expect(await c.sandbox.writeSettlementFiles()).toEqual([]);
    c.sandbox.advanceClock(DAY);
    const next = await c.sandbox.writeSettlementFiles();
    expect(next).toEqual([join(dir, 'settlement-2026-03-13.csv')]);
    expect(goodRows(next[0] ?? '').map((r) => [r.UniqueID, r.SettlementDate, r.TxRequestTime])).toEqual([
      [late.body.id, '2026-03-13', '2026-03-12 10:00:00'],
      ['', '2026-03-13', ''],
    ]);
    expect(readFileSync(first?.[2] ?? '', 'utf8')).toBe(before);
    expect(await c.sandbox.writeSettlementFiles()).toEqual([]);
  });

  it('a payment pending at the run is settled in a later file once it succeeds', async () => {
    const { c } = await start({}, { uncertainSettleMs: 2 * DAY });
    const uncertain = await c.pay({ 'card.number': '4000000000000903' });
    c.sandbox.advanceClock(DAY);
    expect(await c.sandbox.writeSettlementFiles()).toEqual([]);
    c.sandbox.advanceClock(DAY); // settles to success at this point of the clock
    const [path] = await c.sandbox.writeSettlementFiles();
    expect(goodRows(path ?? '')[0]).toMatchObject({ UniqueID: uncertain.body.id, SettlementDate: '2026-03-12' });
  });

  it('never replaces a file of the same name: the new one is settlement-{date}-2.csv', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'settlement-2026-03-11.csv'), 'kept\n');
    const { c } = await start({ dir });
    await c.pay();
    c.sandbox.advanceClock(DAY);
    expect(await c.sandbox.writeSettlementFiles()).toEqual([join(dir, 'settlement-2026-03-11-2.csv')]);
    expect(readFileSync(join(dir, 'settlement-2026-03-11.csv'), 'utf8')).toBe('kept\n');
  });

  it('chargebackRate charges back settled payments once their file is out (notified by webhook); chargebackReversalRate reverses them a file later', async () => {
    receiver = await startWebhookReceiver();
    const { c } = await start(
      { chargebackRate: 1, chargebackReversalRate: 1, random: () => 0.5 },
      { webhooks: [{ url: receiver.url, key: WEBHOOK_KEY }], webhookRetryDelaysMs: [30] },
    );
    const db = await c.pay({ merchantTransactionId: 'order-5001' });
    c.sandbox.advanceClock(DAY);
    await c.sandbox.writeSettlementFiles();
    const cb = c.sandbox.payments().find((p) => p.paymentType === 'CB');
    expect(cb).toMatchObject({ referencedId: db.body.id, amount: '92.00', resultCode: '000.100.200' });
    await c.sandbox.webhooksSettled(5000);
    expect(receiver.notifications.some((n) => n.payload.id === cb?.id && n.payload.paymentType === 'CB')).toBe(true);
    // Not reversed before its own file is out.
    expect(c.sandbox.payments().some((p) => p.paymentType === 'CR')).toBe(false);

    c.sandbox.advanceClock(DAY);
    const [second] = await c.sandbox.writeSettlementFiles();
    expect(goodRows(second ?? '').map((r) => [r.ReconciliationType, r.ChargebackId])).toEqual([
      ['CHARGEBACK', cb?.id],
      ['FEE', ''],
    ]);
    const cr = c.sandbox.payments().find((p) => p.paymentType === 'CR');
    expect(cr).toMatchObject({ referencedId: cb?.id });
    c.sandbox.advanceClock(DAY);
    const [third] = await c.sandbox.writeSettlementFiles();
    expect(goodRows(third ?? '').map((r) => [r.ReconciliationType, r.UniqueID, r.ChargebackId])).toEqual([
      ['CHARGEBACK REVERSAL', db.body.id, cr?.id],
      ['FEE', '', ''],
    ]);
    // A chargeback reversed once is not reversed again, and payments already charged back are left alone.
    c.sandbox.advanceClock(DAY);
    expect(await c.sandbox.writeSettlementFiles()).toEqual([]);
    expect(c.sandbox.payments().map((p) => p.paymentType)).toEqual(['DB', 'CB', 'CR']);
  });

  it('charges back the settled payments whose draw of `random` is under chargebackRate', async () => {
    const draws = [0.1, 0.9, 0.2];
    const { c } = await start({ chargebackRate: 0.5, random: () => draws.shift() ?? 0.99 });
    const paid = [await c.pay(), await c.pay(), await c.pay()];
    c.sandbox.advanceClock(DAY);
    await c.sandbox.writeSettlementFiles();
    const charged = c.sandbox
      .payments()
      .filter((p) => p.paymentType === 'CB')
      .map((p) => p.referencedId);
    expect(charged).toEqual([paid[0]?.body.id, paid[2]?.body.id]);
  });

  it('the 36-column layout: no TransactionId or InvoiceId, every row passes', async () => {
    const { c } = await start({ layout: 36 });
    await c.pay({ merchantTransactionId: 'order-6001' });
    c.sandbox.advanceClock(DAY);
    const [path] = await c.sandbox.writeSettlementFiles();
    const rows = goodRows(path ?? '', SETTLEMENT_FILE_HEADER_36);
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0] ?? {})).toHaveLength(36);
  });

  it('refuses malformed options at start, naming the option and the rule', async () => {
    const bad: Array<[Partial<SettlementFilesOptions>, string]> = [
      [{ dir: '' }, 'settlementFiles.dir must be a folder path'],
      [{ delayDays: 1.5 }, 'settlementFiles.delayDays must be a whole number of days from 0 to 366'],
      [{ feePercent: '1,40' }, 'settlementFiles.feePercent must be a decimal string from 0 to 100'],
      [{ feePercent: '101' }, 'settlementFiles.feePercent must be'],
      [{ feeFixed: '0.255' }, 'settlementFiles.feeFixed must be an amount string with up to 2 decimals'],
      [{ chargebackRate: 2 }, 'settlementFiles.chargebackRate must be a number from 0 to 1'],
      [{ chargebackReversalRate: -0.1 }, 'settlementFiles.chargebackReversalRate must be a number from 0 to 1'],
      [{ layout: 37 as 36 }, 'settlementFiles.layout must be 36 or 38'],
    ];
    for (const [options, message] of bad) {
      await expect(openSandbox({ settlementFiles: { dir: newDir(), ...options } }), message).rejects.toThrow(message);
    }
  });

  it('without settlementFiles, writeSettlementFiles rejects with NOT_CONFIGURED', async () => {
    client = await openSandbox();
    const error = await client.sandbox.writeSettlementFiles().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SettlementFilesError);
    expect(error).toMatchObject({ code: 'NOT_CONFIGURED' });
  });

  it('a folder that cannot be made rejects with WRITE_FAILED; the payments stay for a later run', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'not-a-folder'), '');
    const { c } = await start({ dir: join(dir, 'not-a-folder', 'files') });
    await c.pay();
    c.sandbox.advanceClock(DAY);
    await expect(c.sandbox.writeSettlementFiles()).rejects.toMatchObject({ name: 'SettlementFilesError', code: 'WRITE_FAILED' });
    rmSync(join(dir, 'not-a-folder'));
    const [path] = await c.sandbox.writeSettlementFiles();
    expect(path).toBe(join(dir, 'not-a-folder', 'files', 'settlement-2026-03-11.csv'));
    expect(goodRows(path ?? '')[0]).toMatchObject({ UniqueID: c.sandbox.payments()[0]?.id });
  });
});

describe('POST /sandbox/settlement-files', () => {
  it('writes the files due and answers their paths; refuses bad authentication and other methods', async () => {
    const { c, dir } = await start();
    await c.pay();
    const none = await c.request('POST', '/sandbox/settlement-files');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ files: [], result: RESULTS.requestSucceeded, buildNumber: expect.any(String) });
    c.sandbox.advanceClock(DAY);
    expect((await c.request('POST', '/sandbox/settlement-files', {}, 'none')).status).toBe(401);
    expect((await c.request('POST', '/sandbox/settlement-files', {}, { header: 'Bearer wrong' })).status).toBe(403);
    expect(readdirSync(dir)).toEqual([]);
    const get = await c.request('GET', '/sandbox/settlement-files');
    expect([get.status, get.body.result.code]).toEqual([400, RESULTS.invalidMethod.code]);
    const written = await c.request('POST', '/sandbox/settlement-files');
    expect(written.status).toBe(200);
    expect(written.body.files).toEqual([join(dir, 'settlement-2026-03-11.csv')]);
    expect(goodRows(written.body.files[0])).toHaveLength(2);
    expect((await c.request('POST', '/sandbox/settlement-files')).body.files).toEqual([]);
  });

  it('answers 400 naming the option when the sandbox writes no files', async () => {
    client = await openSandbox();
    const answer = await client.request('POST', '/sandbox/settlement-files');
    expect(answer.status).toBe(400);
    expect(answer.body.result.code).toBe(RESULTS.invalidWorkflow.code);
    expect(answer.body.result.description).toContain('start it with the settlementFiles option (--settlement-dir)');
  });
});
