// The wpwl-sandbox command: starts the sandbox, prints what a merchant
// backend needs (base URL, access token, entity id) and runs until stopped.

import { parseArgs } from 'node:util';
import { startSandbox } from './server.js';

const USAGE = `Usage: wpwl-sandbox [--port 8080] [--host 127.0.0.1] [--access-token TOKEN] [--entity-id ID] [--strict] [--quiet]

Starts a local, offline stand-in for the payment gateway.
  --port          port to listen on (default 8080; 0 picks a free one)
  --host          address to bind (default 127.0.0.1, loopback only)
  --access-token  Bearer token to accept (default: a random one)
  --entity-id     entity id to accept, 32 lowercase hex (default: a random one)
  --strict        refuse what the interface's rules refuse, also values the real
                  gateway is known to accept (merchantTransactionId "17"); by
                  default those pass with a warning naming the rule
  --quiet         do not log requests`;

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '8080' },
        host: { type: 'string', default: '127.0.0.1' },
        'access-token': { type: 'string' },
        'entity-id': { type: 'string' },
        strict: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    console.error(`wpwl-sandbox: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`wpwl-sandbox: --port must be a whole number from 0 to 65535, got "${values.port}"`);
    process.exit(2);
  }
  let sandbox;
  try {
    sandbox = await startSandbox({
      port,
      host: values.host,
      log: !values.quiet,
      strict: values.strict,
      ...(values['access-token'] ? { accessToken: values['access-token'] } : {}),
      ...(values['entity-id'] ? { entityId: values['entity-id'] } : {}),
    });
  } catch (error) {
    console.error(`wpwl-sandbox: cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(`wpwl sandbox gateway listening
  base URL      ${sandbox.url}/
  access token  ${sandbox.accessToken}
  entity id     ${sandbox.entityId}
  widget        ${sandbox.url}/v1/paymentWidgets.js?checkoutId=<id>
Press Ctrl+C to stop.`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
