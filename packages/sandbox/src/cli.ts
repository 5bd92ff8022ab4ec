// The wpwl-sandbox command: starts the sandbox, prints what a merchant
// backend needs (base URL, access token, entity id, webhook key) and runs
// until stopped; with --settlement-dir it writes the settlement files due
// once a minute (so each date's file appears within a minute of midnight UTC).

import { parseCli, USAGE } from './cli-options.js';
import { startSandbox } from './server.js';

/** How often the command writes the settlement files that are due. */
const SETTLEMENT_RUN_MS = 60_000;

async function main(): Promise<void> {
  const command = parseCli(process.argv.slice(2));
  if (command.kind === 'help') {
    console.log(USAGE);
    return;
  }
  if (command.kind === 'error') {
    console.error(`wpwl-sandbox: ${command.message}\n\n${USAGE}`);
    process.exit(2);
  }
  let sandbox;
  try {
    sandbox = await startSandbox(command.options);
  } catch (error) {
    console.error(`wpwl-sandbox: cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  const webhook = command.options.webhooks?.[0];
  const webhookLines = webhook
    ? `
  webhook URL   ${webhook.url}
  webhook key   ${command.generatedWebhookKey ? `${command.generatedWebhookKey} (generated; pass --webhook-key to keep it)` : '(as given)'}`
    : '';
  console.log(`wpwl sandbox gateway listening
  base URL      ${sandbox.url}/
  access token  ${sandbox.accessToken}
  entity id     ${sandbox.entityId}
  widget        ${sandbox.url}/v1/paymentWidgets.js?checkoutId=<id>${webhookLines}${
    command.options.settlementFiles ? `\n  settlement    ${command.options.settlementFiles.dir} (files due are written every minute)` : ''
  }
Press Ctrl+C to stop.`);
  const settlementRuns = command.options.settlementFiles
    ? setInterval(() => {
        sandbox
          .writeSettlementFiles()
          .then((paths) => paths.forEach((path) => console.log(`[wpwl-sandbox] settlement file written: ${path}`)))
          .catch((error: unknown) => console.error(`[wpwl-sandbox] settlement files: ${(error as Error).message}`));
      }, SETTLEMENT_RUN_MS)
    : undefined;
  const stop = () => {
    clearInterval(settlementRuns);
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
