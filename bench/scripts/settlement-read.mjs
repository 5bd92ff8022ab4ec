// Measures reading a settlement file of N rows (38 columns, about 420 bytes a
// row): the bytes alone, the row splitter alone (no checks), the whole reader
// of @wpwl/server/reconciliation (split, checked, read into records), and,
// when they are installed next to this script, the npm CSV parsers it was
// weighed against. Each measure runs in a process of its own and reports its
// time, rows per second, CPU time (user and system: steadier than the time
// on a busy machine; the garbage collector's threads count too) and peak
// RSS. A report, not a test.
//
//   pnpm --filter @wpwl/server build
//   node bench/scripts/settlement-read.mjs [--rows 1000000] [--file path] [--only reader] [--parsers dir]
//
// The file is generated once into the system's temporary folder and reused.
// The parsers compared are no dependency of the workspace: install them into
// a folder of their own (`npm install --prefix /tmp/parsers csv-parse
// papaparse`) and name it with --parsers.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    file: { type: 'string' },
    only: { type: 'string' },
    measure: { type: 'string' },
    parsers: { type: 'string' },
  },
});
const rows = Number(args.rows);
const file = args.file ?? join(tmpdir(), `wpwl-settlement-${rows}.csv`);

const HEADER = [
  'ReconciliationType', 'PaymentType', 'Cashflow', 'ClearingInstituteMerchantId', 'MerchantAccountId', 'MerchantAccountName',
  'PspId', 'DivisionId', 'MerchantId', 'SettlementTxId', 'UniqueID', 'ShortId', 'ConnectorTxId1', 'ConnectorTxId2',
  'ConnectorTxId3', 'TransactionId', 'InvoiceId', 'Amount', 'Currency', 'Brand', 'TxRequestTime', 'SettlementAmount',
  'SettlementCurrency', 'SettlementFee', 'SettlementFxRate', 'SettlementDate', 'SettlementStatus', 'Descriptor',
  'AccountNumberLast4', 'BankCode', 'AccountHolder', 'ReasonCode', 'ReasonDesc', 'SettlementFileFormat',
  'ClearingInsitituteName', 'MatchingStatus', 'MatchedTransactions', 'ChargebackId',
]; // prettier-ignore

/** A good row like the gateway's: every required column, most optional ones, a matched payment id. */
function row(i) {
  const id = i.toString(16).padStart(32, '8ac7a4a1');
  const amount = `${(i % 100000) + 1}.${String(i % 100).padStart(2, '0')}`;
  const refund = i % 10 === 9;
  return [
    'SETTLED', refund ? 'REFUND' : 'DEBIT', refund ? 'NEG' : 'POS', 'CI-MERCHANT-0001', '8a8294174b7ecb28014b9699220015ca', 'Shop GmbH',
    '8a8294174b7ecb28014b9699220015cb', '', '8a8294174b7ecb28014b9699220015cc', `STX-${i}`, id, `${String(i % 10000).padStart(4, '0')}.1234.5678`,
    `conn-${i}`, '', '', `ORDER-${String(i).padStart(8, '0')}`, '', amount, 'EUR', 'VISA', '2026-11-27 10:15:00', amount, 'EUR', '0.25',
    '1.00', '2026-11-28', 'SUCCESS', i % 50 === 0 ? '"Shop; GmbH ""online"""' : 'Shop GmbH order', '1111', '', 'Jane Doe', '', '',
    'ACQUIRER_V1', 'Clearing Institute AG', 'MATCHED', id, '',
  ].join(';'); // prettier-ignore
}

async function generate() {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  const out = createWriteStream(file);
  let text = `${HEADER.join(';')}\r\n`;
  for (let i = 0; i < rows; i++) {
    text += `${row(i)}\r\n`;
    if (text.length > 1 << 16) {
      if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
      text = '';
    }
  }
  await new Promise((resolve, reject) => out.end(text, (error) => (error ? reject(error) : resolve())));
}

const splitterModule = join(tmpdir(), 'wpwl-settlement-split.mjs');

/** The splitter's TypeScript source, transpiled for Node (it is no export of the package). */
function transpileSplitter() {
  const ts = createRequire(join(root, 'package.json'))('typescript');
  const source = readFileSync(join(root, 'packages/server/src/reconciliation/split.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  writeFileSync(splitterModule, outputText);
}

/** Resolves a package installed next to this script or in the workspace, or undefined. */
async function optional(name) {
  const places = [join(root, 'bench/package.json'), join(root, 'package.json')];
  if (args.parsers) places.unshift(join(args.parsers, 'package.json'));
  for (const from of places) {
    try {
      return await import(pathToFileURL(createRequire(from).resolve(name)).href);
    } catch {
      // not there
    }
  }
  return undefined;
}

const MEASURES = {
  /** The file's bytes, nothing else: the floor. */
  async bytes() {
    let n = 0;
    for await (const chunk of createReadStream(file)) n += chunk.length;
    return { rows: 0, note: `${n} bytes` };
  },
  /** The row splitter alone: UTF-8 decoding and rows of fields, no checks. */
  async splitter() {
    const { SettlementSplitter } = await import(pathToFileURL(splitterModule).href);
    const splitter = new SettlementSplitter();
    const decoder = new TextDecoder();
    const out = [];
    let n = 0;
    for await (const chunk of createReadStream(file)) {
      splitter.push(decoder.decode(chunk, { stream: true }), out);
      n += out.length;
      out.length = 0;
    }
    splitter.end(out);
    return { rows: n + out.length - 1 };
  },
  /** The whole reader: rows checked and read into records. */
  async reader() {
    const dist = join(root, 'packages/server/dist/reconciliation.js');
    if (!existsSync(dist)) throw new Error('build @wpwl/server first: pnpm --filter @wpwl/server build');
    const { readSettlementFile } = await import(pathToFileURL(dist).href);
    let records = 0;
    let errors = 0;
    let first = '';
    for await (const entry of readSettlementFile(file)) {
      if (entry.kind === 'record') records++;
      else if (errors++ === 0) first = `; the first: ${entry.error.message}`;
    }
    return { rows: records + errors, note: `${records} records, ${errors} row errors${first}` };
  },
  /** csv-parse (stream API), when installed. */
  async 'csv-parse'() {
    const lib = await optional('csv-parse');
    if (!lib) return { skipped: 'csv-parse is not installed' };
    let n = 0;
    const parser = createReadStream(file).pipe(
      lib.parse({ delimiter: ';', relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true }),
    );
    for await (const _ of parser) n++;
    return { rows: n - 1 };
  },
  /** Papa Parse (Node stream), when installed; fed decoded text (it decodes each buffer on its own otherwise). */
  async papaparse() {
    const lib = await optional('papaparse');
    if (!lib) return { skipped: 'papaparse is not installed' };
    const Papa = lib.default ?? lib;
    let n = 0;
    const parser = createReadStream(file, { encoding: 'utf8' }).pipe(
      Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: ';', skipEmptyLines: true }),
    );
    for await (const _ of parser) n++;
    return { rows: n - 1 };
  },
};

if (args.measure) {
  // One measure, in this process.
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const result = await MEASURES[args.measure]();
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  process.stdout.write(JSON.stringify({ ...result, seconds, cpuSeconds, peakRssMb: Math.round(peak / 2 ** 20) }));
} else {
  await generate();
  transpileSplitter();
  const size = statSync(file).size;
  console.log(`${file}: ${rows} rows, ${(size / 2 ** 20).toFixed(0)} MiB (Node ${process.version})`);
  for (const name of Object.keys(MEASURES)) {
    if (args.only && !name.includes(args.only)) continue;
    const output = execFileSync(
      process.execPath,
      [
        fileURLToPath(import.meta.url),
        '--rows',
        String(rows),
        '--file',
        file,
        '--measure',
        name,
        ...(args.parsers ? ['--parsers', args.parsers] : []),
      ],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const result = JSON.parse(output);
    if (result.skipped) {
      console.log(`${name.padEnd(10)} skipped: ${result.skipped}`);
      continue;
    }
    const perSecond = result.rows ? `${Math.round(result.rows / result.seconds).toLocaleString('en')} rows/s` : '';
    console.log(
      `${name.padEnd(10)} ${result.seconds.toFixed(2).padStart(6)} s  ${perSecond.padStart(16)}  CPU ${result.cpuSeconds.toFixed(2).padStart(6)} s  peak RSS ${String(result.peakRssMb).padStart(4)} MB${result.note ? `  (${result.note})` : ''}`,
    );
  }
}
