// The wpwl-sandbox command: starts the sandbox, prints what a merchant
// backend needs (base URL, access token, entity id, webhook key) and runs
// until stopped.

import { parseCli, USAGE } from './cli-options.js';
import { startSandbox } from './server.js';

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
  widget        ${sandbox.url}/v1/paymentWidgets.js?checkoutId=<id>${webhookLines}
Press Ctrl+C to stop.`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
