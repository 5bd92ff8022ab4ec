// The wpwl-sandbox command line: the usage text and the parsing of the
// arguments into startSandbox options, apart from cli.ts so it can be tested
// without starting anything.

import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { SandboxOptions } from './server.js';
import { checkWebhookEndpoints } from './webhook-options.js';

export const USAGE = `Usage: wpwl-sandbox [--port 8080] [--host 127.0.0.1] [--access-token TOKEN] [--entity-id ID] [--strict] [--quiet]
                    [--webhook-url URL [--webhook-key HEX]] [--uncertain-settle-ms 5000]
                    [--settlement-dir DIR [--settlement-delay-days 1]]

Starts a local, offline stand-in for the payment gateway.
  --port          port to listen on (default 8080; 0 picks a free one)
  --host          address to bind (default 127.0.0.1, loopback only)
  --access-token  Bearer token to accept (default: a random one)
  --entity-id     entity id to accept, 32 lowercase hex (default: a random one)
  --strict        refuse what the interface's rules refuse, also values the real
                  gateway is known to accept (merchantTransactionId "17"); by
                  default those pass with a warning naming the rule
  --quiet         do not log requests
  --webhook-url   send webhook notifications (encrypted, retried) to this URL;
                  loopback hosts only (localhost, 127.0.0.0/8, [::1])
  --webhook-key   the webhook's secret key, 64 hexadecimal characters (default
                  with --webhook-url: a random one, printed at start)
  --uncertain-settle-ms
                  how long the uncertain test cards' payments answer 900.100.300
                  before they settle to their final result (default 5000)
  --settlement-dir
                  write the gateway's settlement files of the payments taken
                  into this folder, one per settlement date
                  (settlement-yyyy-MM-dd.csv), as the clock reaches each date
  --settlement-delay-days
                  days from a payment to its settlement date (default 1)`;

/** What the arguments ask for. */
export type CliCommand =
  | { kind: 'help' }
  | { kind: 'error'; message: string }
  | {
      kind: 'start';
      options: SandboxOptions & { port: number; host: string };
      /** The webhook key when none was given and one was generated (to print). */
      generatedWebhookKey?: string;
    };

/** Parses the command line (without the node and script arguments). */
export function parseCli(args: string[]): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        port: { type: 'string', default: '8080' },
        host: { type: 'string', default: '127.0.0.1' },
        'access-token': { type: 'string' },
        'entity-id': { type: 'string' },
        strict: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        'webhook-url': { type: 'string' },
        'webhook-key': { type: 'string' },
        'uncertain-settle-ms': { type: 'string' },
        'settlement-dir': { type: 'string' },
        'settlement-delay-days': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return { kind: 'error', message: `--port must be a whole number from 0 to 65535, got "${values.port}"` };
  }
  const settleMs = values['uncertain-settle-ms'];
  if (settleMs !== undefined && !/^[0-9]{1,9}$/.test(settleMs)) {
    return { kind: 'error', message: `--uncertain-settle-ms must be a whole number of ms, 0 or more, got "${settleMs}"` };
  }
  const settlementDir = values['settlement-dir'];
  const delayDays = values['settlement-delay-days'];
  if (delayDays !== undefined && settlementDir === undefined)
    return { kind: 'error', message: '--settlement-delay-days needs --settlement-dir' };
  if (settlementDir === '') return { kind: 'error', message: '--settlement-dir must be a folder path' };
  if (delayDays !== undefined && !(/^[0-9]{1,3}$/.test(delayDays) && Number(delayDays) <= 366)) {
    return { kind: 'error', message: `--settlement-delay-days must be a whole number of days from 0 to 366, got "${delayDays}"` };
  }
  const url = values['webhook-url'];
  const givenKey = values['webhook-key'];
  if (givenKey !== undefined && url === undefined) return { kind: 'error', message: '--webhook-key needs --webhook-url' };
  const generatedWebhookKey = url !== undefined && givenKey === undefined ? randomBytes(32).toString('hex') : undefined;
  const key = givenKey ?? generatedWebhookKey;
  if (url !== undefined && key !== undefined) {
    try {
      checkWebhookEndpoints([{ url, key }]);
    } catch (error) {
      return { kind: 'error', message: (error as Error).message.replace(/^startSandbox: webhooks\[0\]\.(url|key)/, '--webhook-$1') };
    }
  }
  return {
    kind: 'start',
    options: {
      port,
      host: values.host,
      log: !values.quiet,
      strict: values.strict,
      ...(values['access-token'] ? { accessToken: values['access-token'] } : {}),
      ...(values['entity-id'] ? { entityId: values['entity-id'] } : {}),
      ...(settleMs !== undefined ? { uncertainSettleMs: Number(settleMs) } : {}),
      ...(url !== undefined && key !== undefined ? { webhooks: [{ url, key }] } : {}),
      ...(settlementDir !== undefined
        ? { settlementFiles: { dir: settlementDir, ...(delayDays !== undefined ? { delayDays: Number(delayDays) } : {}) } }
        : {}),
    },
    ...(generatedWebhookKey ? { generatedWebhookKey } : {}),
  };
}
