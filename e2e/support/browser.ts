// Chromium for the end-to-end tests: one browser per test file, and a fresh
// context (its own empty profile: no cookies, storage or cache shared between
// tests) per page. Each page records the requests it sends and the errors it
// logs, so tests can assert on what the browser really did.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Request, type Route } from 'playwright-core';

/** Flags for a quiet, deterministic headless Chromium that talks only to the servers the tests start. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium binary: `CHROMIUM_PATH` if set, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** One request a page sent, as the browser saw it. */
export interface LoggedRequest {
  method: string;
  url: string;
  resourceType: string;
  postData: string | null;
}

/** A page in its own fresh browser context, with what it did recorded. */
export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Every request the page sent, in order. */
  requests: LoggedRequest[];
  /** Console errors and uncaught exceptions, including CSP violation reports. */
  errors: string[];
  /** Requests whose method and URL path match; `path` is a substring or a pattern. */
  requestsTo(method: string, path: string | RegExp): LoggedRequest[];
  close(): Promise<void>;
}

/** The test file's browser. */
export interface TestBrowser {
  browser: Browser;
  /**
   * Opens a page in a new, empty context.
   *
   * @param options.locale the browser's language, e.g. `ar-SA`: `navigator.languages`, `Accept-Language` and `Intl`
   *   (Chromium's default when not given).
   */
  newPage(options?: { javaScriptEnabled?: boolean; locale?: string }): Promise<TestPage>;
  close(): Promise<void>;
}

/**
 * Launches headless Chromium.
 *
 * @throws Error naming the missing binary and how to provide one, when it does not exist.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary`,
    );
  }
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const contexts = new Set<BrowserContext>();

  return {
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        ...(options.locale ? { locale: options.locale } : {}),
      });
      contexts.add(context);
      const page = await context.newPage();
      const requests: LoggedRequest[] = [];
      const errors: string[] = [];
      page.on('request', (request) => {
        requests.push({
          method: request.method(),
          url: request.url(),
          resourceType: request.resourceType(),
          postData: request.postData(),
        });
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const where = message.location().url;
        errors.push(where ? `${message.text()} (${where})` : message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      return {
        page,
        context,
        requests,
        errors,
        requestsTo(method, path) {
          return requests.filter((request) => {
            if (request.method !== method.toUpperCase()) return false;
            const pathname = new URL(request.url).pathname;
            return typeof path === 'string' ? pathname.includes(path) : path.test(pathname);
          });
        },
        async close() {
          contexts.delete(context);
          await context.close();
        },
      };
    },
    async close() {
      await Promise.all([...contexts].map((context) => context.close()));
      await browser.close();
    },
  };
}

/**
 * Records the CSP violations `page` reports, as "directive blocked-uri", in
 * the returned list (which fills as the page runs). Call before the page
 * navigates.
 */
export async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('wpwlTestViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { wpwlTestViolation(text: string): void }).wpwlTestViolation(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

/** Requests held back by {@link holdRequests}. */
export interface HeldRequests {
  /** Resolves with the next held request, in the order they arrived (waiting for one if need be). */
  next(): Promise<Route>;
  /** Lets every request not taken with next() through, and all later ones. */
  passThrough(): Promise<void>;
}

/**
 * Holds the page's requests that `matches` picks until the test takes each
 * one with `next()` and continues, fulfils or aborts it; the others go on as
 * usual. For observing what a page does while an answer is on its way.
 */
export async function holdRequests(page: Page, matches: (request: Request) => boolean): Promise<HeldRequests> {
  const held: Route[] = [];
  const waiters: Array<() => void> = [];
  let open = false;
  await page.route('**/*', (route) => {
    if (open || !matches(route.request())) return route.fallback();
    held.push(route);
    waiters.splice(0).forEach((wake) => wake());
  });
  let taken = 0;
  return {
    async next() {
      while (held.length <= taken) await new Promise<void>((wake) => waiters.push(wake));
      return held[taken++]!;
    },
    async passThrough() {
      open = true;
      await Promise.all(held.splice(taken).map((route) => route.continue().catch(() => {})));
    },
  };
}

/**
 * How long a test watches for something that must NOT happen (a second
 * payment request, a re-render, a late script's widget) before asserting it
 * did not. Absence sends no event to wait for, so this window is the one fixed
 * wait the end-to-end tests use, always through {@link watchForAbsence}; every
 * other wait is for a condition.
 */
export const ABSENCE_WINDOW_MS = 500;

/** Waits {@link ABSENCE_WINDOW_MS} in the page, so that what must not happen would have happened by now. */
export function watchForAbsence(page: Page): Promise<void> {
  return page.waitForTimeout(ABSENCE_WINDOW_MS);
}
