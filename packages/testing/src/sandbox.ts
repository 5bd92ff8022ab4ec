// Owns a sandbox gateway for a test run: starting one on loopback (a free
// port unless told), a global setup for Playwright Test and Vitest that
// starts one for the whole run and hands its address and credentials to the
// tests through environment variables, reading those back, and reading a
// payment's status as a merchant backend would. `@wpwl/sandbox` is an
// optional peer: it is imported when a sandbox is started, so the status
// reads and the environment work without it.
import type { Sandbox, SandboxOptions } from '@wpwl/sandbox';
import { importPeer } from './errors.js';
import { verdictOf, type ResultVerdict } from './outcomes.js';

export type { Sandbox, SandboxOptions };

/** Where a sandbox is and how to call it: what a merchant backend needs. */
export interface SandboxAccess {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:54321`. */
  url: string;
  accessToken: string;
  entityId: string;
}

/** The environment variables {@link sandboxGlobalSetup} sets and {@link sandboxFromEnv} reads. */
export const SANDBOX_ENV = {
  url: 'WPWL_SANDBOX_URL',
  accessToken: 'WPWL_SANDBOX_ACCESS_TOKEN',
  entityId: 'WPWL_SANDBOX_ENTITY_ID',
} as const;

/**
 * Starts a sandbox gateway on 127.0.0.1 and a free port (unless `options` say otherwise), without request logs.
 *
 * @throws WpwlTestingError `PEER_DEPENDENCY_MISSING` when `@wpwl/sandbox` is not installed
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { startSandbox: start } = await importPeer('@wpwl/sandbox', 'startSandbox()', () => import('@wpwl/sandbox'));
  return start({ host: '127.0.0.1', port: 0, ...options });
}

/**
 * A global setup that starts one sandbox for the whole test run, sets
 * {@link SANDBOX_ENV} for the tests (they start after it), and returns the
 * teardown that stops it. Playwright Test and Vitest both take a module whose
 * default export is such a function:
 *
 * ```ts
 * // global-setup.ts
 * import { sandboxGlobalSetup } from '@wpwl/testing/sandbox';
 * export default sandboxGlobalSetup();
 * ```
 *
 * Playwright starts its `webServer`s before the global setup: a merchant
 * server started there cannot read these variables. Give the sandbox a fixed
 * `port`, `accessToken` and `entityId` here and the same values to that server.
 */
export function sandboxGlobalSetup(options: SandboxOptions = {}): () => Promise<() => Promise<void>> {
  return async () => {
    const sandbox = await startSandbox(options);
    process.env[SANDBOX_ENV.url] = sandbox.url;
    process.env[SANDBOX_ENV.accessToken] = sandbox.accessToken;
    process.env[SANDBOX_ENV.entityId] = sandbox.entityId;
    return () => sandbox.close();
  };
}

/**
 * The sandbox {@link sandboxGlobalSetup} started, from the environment.
 *
 * @throws Error naming the variables that are not set
 */
export function sandboxFromEnv(env: Record<string, string | undefined> = process.env): SandboxAccess {
  const missing = Object.values(SANDBOX_ENV).filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(`${missing.join(', ')} not set: start the sandbox with sandboxGlobalSetup() as the test run's global setup`);
  }
  return { url: env[SANDBOX_ENV.url]!, accessToken: env[SANDBOX_ENV.accessToken]!, entityId: env[SANDBOX_ENV.entityId]! };
}

/** A payment's status as the gateway answers a status read. */
export interface PaymentStatus {
  /** The HTTP status of the answer (404 for a checkout that expired unpaid or is unknown). */
  httpStatus: number;
  /** `result.code`, e.g. `000.100.110`. */
  resultCode: string;
  /** `result.description`. */
  description: string;
  /** The result code read by the published groups. */
  verdict: ResultVerdict;
  /** The whole answer. */
  body: Record<string, unknown>;
}

/**
 * Reads the status behind a shopper result's `resourcePath`
 * (`/v1/checkouts/{id}/payment`), as the merchant backend does, with the
 * sandbox's credentials.
 *
 * @throws Error for a resourcePath that is no gateway path, or an answer that is not JSON
 */
export async function readPaymentStatus(sandbox: SandboxAccess, resourcePath: string): Promise<PaymentStatus> {
  if (!/^\/v1\/[\w./-]+$/.test(resourcePath) || resourcePath.includes('..')) {
    throw new Error(`resourcePath must be a gateway path such as /v1/checkouts/{id}/payment, not ${JSON.stringify(resourcePath)}`);
  }
  const response = await fetch(`${sandbox.url}${resourcePath}?entityId=${encodeURIComponent(sandbox.entityId)}`, {
    headers: { Authorization: `Bearer ${sandbox.accessToken}` },
  });
  const body = (await response.json()) as { result?: { code?: string; description?: string } } & Record<string, unknown>;
  const resultCode = body.result?.code ?? '';
  return { httpStatus: response.status, resultCode, description: body.result?.description ?? '', verdict: verdictOf(resultCode), body };
}

/** What {@link prepareCheckout} sends; the sandbox's defaults otherwise. */
export interface PrepareCheckoutParams {
  /** Default `12.00`. */
  amount?: string;
  /** Default `EUR`. */
  currency?: string;
  /** Default `DB` (a debit). */
  paymentType?: string;
  /** More parameters as the gateway takes them, e.g. `{ 'registrations[0].id': '…' }`. */
  [parameter: string]: string | undefined;
}

/**
 * Prepares a checkout in the sandbox as a merchant backend does
 * (`POST /v1/checkouts`) and returns its id: what the page's widget script
 * URL takes (`/v1/paymentWidgets.js?checkoutId=…`).
 *
 * @throws Error with the sandbox's answer when it refused the checkout
 */
export async function prepareCheckout(sandbox: SandboxAccess, params: PrepareCheckoutParams = {}): Promise<string> {
  const body = new URLSearchParams({ entityId: sandbox.entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB' });
  for (const [name, value] of Object.entries(params)) if (value !== undefined) body.set(name, value);
  const response = await fetch(`${sandbox.url}/v1/checkouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.accessToken}` },
    body,
  });
  const answer = (await response.json()) as { id?: string; result?: { code?: string; description?: string } };
  if (!response.ok || !answer.id) {
    throw new Error(
      `the sandbox refused the checkout: ${response.status} ${answer.result?.code ?? ''} ${answer.result?.description ?? ''}`.trim(),
    );
  }
  return answer.id;
}
