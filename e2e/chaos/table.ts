// Owns the chaos run's figure: one table, one column per run, that fits on a
// screen; and the checks a run must pass (nothing lost, duplicated, wrong or
// left pending, and every kind of fault actually happened).
import { REQUEST_LEVEL_CODES } from './proxy.js';
import type { ChaosResult } from './run.js';

type Row = [label: string, value: (r: ChaosResult) => string | number];

const count = <T>(items: readonly T[], test: (item: T) => boolean) => items.filter(test).length;
const sum = (values: readonly number[]) => values.reduce((n, v) => n + v, 0);
const beingConfirmed = (r: ChaosResult) => sum(r.shoppers.map((s) => count(s.payAgain, (a) => a === '409 PAYMENT_BEING_CONFIRMED')));
const badRequests = (r: ChaosResult) => sum(Object.values(r.proxy.badRequests));

const ROWS: Row[] = [
  ['store', (r) => (r.options.store === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)')],
  ['instances', (r) => r.options.instances],
  ['seed', (r) => r.options.seed],
  [
    'shoppers (success / decline / 3DS / uncertain)',
    (r) => {
      const s = r.shoppers;
      const threeDs = count(s, (x) => x.plan.kind.startsWith('threeDs'));
      const uncertain = count(s, (x) => x.plan.kind.startsWith('uncertain'));
      return `${s.length} (${count(s, (x) => x.plan.kind === 'success')} / ${count(s, (x) => x.plan.kind === 'decline')} / ${threeDs}: ${count(s, (x) => x.plan.kind === 'threeDsComplete')} ok, ${count(s, (x) => x.plan.kind === 'threeDsFail')} failed, ${count(s, (x) => x.plan.kind === 'threeDsAbandon')} left / ${uncertain}: ${count(s, (x) => x.plan.kind === 'uncertainSuccess')} later paid, ${count(s, (x) => x.plan.kind === 'uncertainDecline')} later declined)`;
    },
  ],
  [
    'result pages "being confirmed" (shoppers)',
    (r) => `${sum(r.shoppers.map((s) => s.confirmingSeen))} (${count(r.shoppers, (s) => s.confirmingSeen > 0)})`,
  ],
  ['409 PAYMENT_BEING_CONFIRMED answers', (r) => beingConfirmed(r)],
  ['never read their result page', (r) => count(r.shoppers, (x) => !x.plan.readsResult)],
  [
    'result pages: final / pending / unknown / gave up',
    (r) =>
      `${count(r.shoppers, (x) => x.outcome === 'final verdict')} / ${count(r.shoppers, (x) => x.outcome === 'left on pending')} / ${count(r.shoppers, (x) => x.outcome === 'unknown order')} / ${count(r.shoppers, (x) => x.outcome === 'gave up')}`,
  ],
  [
    'kills (checkout / status read / paid / webhook / verdict / any)',
    (r) =>
      `${r.kills.length} (${(['checkout', 'statusRead', 'payment', 'webhook', 'verdict', 'random'] as const).map((aim) => count(r.kills, (k) => k.aim === aim)).join(' / ')})`,
  ],
  [
    'longest wait for a checkout / a verdict',
    (r) => {
      const longest = (values: Array<number | undefined>) => {
        const known = values.filter((v): v is number => v !== undefined);
        return known.length ? `${(Math.max(...known) / 1000).toFixed(1)} s` : '-';
      };
      return `${longest(r.shoppers.map((s) => s.checkoutMs))} / ${longest(r.shoppers.map((s) => s.verdictMs))}`;
    },
  ],
  [
    'shopper retries (checkout / result page)',
    (r) => {
      const retries = (prefix: string) =>
        r.shoppers.reduce((n, s) => n + Object.entries(s.errors).reduce((m, [k, v]) => m + (k.startsWith(prefix) ? v : 0), 0), 0);
      return `${retries('checkout')} / ${retries('result page') + retries('status')}`;
    },
  ],
  ['longest downtime', (r) => (r.kills.length ? `${(Math.max(...r.kills.map((k) => k.downMs)) / 1000).toFixed(1)} s` : '-')],
  ['webhooks sent (attempts)', (r) => `${r.webhookStats.notifications} (${r.webhookStats.attempts})`],
  ['webhooks duplicated', (r) => r.webhookStats.duplicated],
  ['webhooks reordered', (r) => r.webhookStats.reordered],
  ['webhooks delayed', (r) => r.webhookStats.delayed],
  ['webhooks failed first', (r) => r.webhookStats.failedFirst],
  ['webhook retries', (r) => r.webhookStats.retried],
  ['webhooks given up', (r) => r.webhookStats.failed],
  ['status reads', (r) => r.proxy.statusReads],
  ['status reads 503', (r) => r.proxy.unavailable],
  ['status reads timing out', (r) => r.proxy.timeouts],
  [
    'status reads 400 (200.300.404 / 600.200.100 / 800.900.300)',
    (r) => `${badRequests(r)} (${REQUEST_LEVEL_CODES.map(({ code }) => r.proxy.badRequests[code] ?? 0).join(' / ')})`,
  ],
  ['database outage', (r) => r.outage.none ?? `${(r.outage.downMs / 1000).toFixed(1)} s, ${r.outage.answers} API answers meanwhile`],
  [
    'refunds / chargebacks done',
    (r) =>
      `${r.followUps.refunds} on ${r.followUps.refunded.partial + r.followUps.refunded.twoParts + r.followUps.refunded.full} orders (${r.followUps.refunded.partial} part, ${r.followUps.refunded.twoParts} in two parts, ${r.followUps.refunded.full} full) / ${r.followUps.chargebacks} (${r.followUps.chargebackReversals} reversed)`,
  ],
  ['clock +29 min (result calls)', (r) => `${r.clockMoves} (${r.shopperResultCalls.made})`],
  [
    'payments taken / refused / pending',
    (r) => `${r.reconciliation.paymentsTaken} / ${r.reconciliation.paymentsRejected} / ${r.reconciliation.paymentsPending}`,
  ],
  ['orders / paid', (r) => `${r.reconciliation.orders} / ${r.reconciliation.paidOrders}`],
  ['**lost**', (r) => r.reconciliation.lost.length],
  ['**duplicated**', (r) => r.reconciliation.duplicated.length],
  ['**wrong**', (r) => r.reconciliation.wrong.length],
  ['**left pending**', (r) => r.reconciliation.leftPending.length],
  ['**answered, not stored**', (r) => r.reconciliation.notDurable.length],
  ['**left uncertain**', (r) => r.reconciliation.leftUncertain.length],
  ['**paid twice**', (r) => r.reconciliation.paidTwice.length],
  ['**follow-ups wrong**', (r) => `${r.reconciliation.followUpsWrong.length} (of ${r.reconciliation.followUpOrders} orders)`],
  ['**process exits**', (r) => r.unexpectedExits],
  ['**non-503 answers during the outage**', (r) => (r.outage.none ? '- (no outage)' : r.outage.other.length)],
  ['other problems', (r) => r.problems.length],
  ['duration', (r) => `${(r.durationMs / 1000).toFixed(1)} s`],
];

/** A Markdown table, one column per run. */
export function chaosTable(results: readonly ChaosResult[]): string {
  const header = ['', ...results.map((r) => `${r.options.label} run, ${r.options.store === 'postgres' ? 'PostgreSQL' : 'embedded'}`)];
  const rows = ROWS.map(([label, value]) => [label, ...results.map((r) => String(value(r)))]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => (row[i] ?? '').length), 3));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Why a run failed, one line each; empty when it passed. */
export function chaosFailures(result: ChaosResult): string[] {
  const r = result.reconciliation;
  const failures = [
    ...r.lost.map((line) => `lost: ${line}`),
    ...r.duplicated.map((line) => `duplicated: ${line}`),
    ...r.wrong.map((line) => `wrong: ${line}`),
    ...r.leftPending.map((line) => `left pending: ${line}`),
    ...r.notDurable.map((line) => `answered, not stored: ${line}`),
    ...r.leftUncertain.map((line) => `left uncertain: ${line}`),
    ...r.paidTwice.map((line) => `paid twice: ${line}`),
    ...r.followUpsWrong.map((line) => `follow-ups wrong: ${line}`),
    ...result.outage.other.map((line) => `not a 503 during the database outage: ${line}`),
    ...result.problems,
  ];
  const faults: Array<[string, number]> = [
    ['merchant kills', result.kills.length],
    ['webhook duplicates', result.webhookStats.duplicated],
    ['webhook reorders', result.webhookStats.reordered],
    ['webhook delays', result.webhookStats.delayed],
    ['webhook attempts failed first', result.webhookStats.failedFirst],
    ['webhook retries', result.webhookStats.retried],
    ['status reads 503', result.proxy.unavailable],
    ['status reads timing out', result.proxy.timeouts],
    ['shopper result calls after the clock move', result.shopperResultCalls.made],
    ...REQUEST_LEVEL_CODES.map(({ code }): [string, number] => [`status reads answered 400 ${code}`, result.proxy.badRequests[code] ?? 0]),
    [
      'payments with an uncertain card later paid',
      count(result.shoppers, (s) => s.plan.kind === 'uncertainSuccess' && s.paymentCode !== undefined),
    ],
    [
      'payments with an uncertain card later declined',
      count(result.shoppers, (s) => s.plan.kind === 'uncertainDecline' && s.paymentCode !== undefined),
    ],
    ['409 PAYMENT_BEING_CONFIRMED answers', beingConfirmed(result)],
    ['partial refunds', result.followUps.refunded.partial + result.followUps.refunded.twoParts],
    ['full refunds', result.followUps.refunded.full + result.followUps.refunded.twoParts],
    ['chargebacks', result.followUps.chargebacks],
    ['chargeback reversals', result.followUps.chargebackReversals],
  ];
  if (!result.outage.none) {
    if (result.outage.downMs < 10_000) failures.push(`the database outage lasted ${result.outage.downMs} ms, under 10 s`);
    if (result.outage.unavailable === 0) failures.push('no API answer 503 during the database outage (nobody asked)');
  } else if (result.options.store === 'postgres' && result.options.outageMs > 0 && !result.options.postgresUrl) {
    failures.push(`no database outage: ${result.outage.none}`);
  }
  for (const [name, n] of faults) if (n === 0) failures.push(`no ${name} happened`);
  if (result.kills.length < result.options.kills) failures.push(`${result.kills.length} kills of ${result.options.kills} planned`);
  return failures;
}
