// Owns gathering the evidence: opens the page in a fresh Chromium context,
// listens through the DevTools protocol (every script the main frame parsed,
// with the stack that added it; every request's initiator; the document's
// headers; the widget script's bytes), runs the shopper's steps, waits for the
// widget's form and a quiet moment, then reads the page's DOM. What the
// evidence means is for the checks to say.
import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { cspHashes } from './csp.js';
import { DoctorError } from './errors.js';
import type { ObservedScript, PageEvidence, ScriptAdder, ScriptElement, Violation, WidgetLoad } from './evidence.js';
import { PROBE_BINDING, probe, type ProbeMessage } from './probe.js';
import { describeStep, runSteps, type Step } from './steps.js';

/** How to load the page. */
export interface CollectOptions {
  /** The payment page's URL. */
  url: string;
  /** What a shopper does before the payment form appears. */
  steps?: readonly Step[];
  /** How long the page, each step and the widget's form may take, in ms. Default 15000. */
  timeout?: number;
  /** How long to keep watching once the form is there, for late scripts, in ms. Default 1000. */
  settle?: number;
  /** A running Chromium to use (the caller closes it); otherwise one is started and closed. */
  browser?: Browser;
  /** The Chromium binary, when the doctor starts one (see {@link chromiumPath}). */
  chromium?: string;
  /**
   * The most the whole check may take, in ms, however the page behaves (a
   * script spinning in a loop included). Default: {@link runDeadline} of the
   * timeout, settle and number of steps.
   */
  deadline?: number;
}

/**
 * The most a check may take by default: the page, each step and the widget's
 * form `timeout` each, the quiet moment and settle, and ten seconds to read the page.
 */
export function runDeadline(timeout: number, settle: number, steps: number): number {
  return timeout * (steps + 2) + Math.max(settle, 1_000) * 6 + 10_000;
}

/** The path of the widget's script on any gateway host. */
export const WIDGET_SCRIPT = /\/paymentWidgets\.js$/;

interface Initiator {
  type: string;
  url?: string;
  stack?: StackTrace;
}
interface StackTrace {
  callFrames: Array<{ url: string }>;
  parent?: StackTrace;
}
interface ParsedScript {
  scriptId: string;
  url: string;
  executionContextId: number;
  hasSourceURL?: boolean;
  isModule?: boolean;
  embedderName?: string;
  stackTrace?: StackTrace;
}

/** The URL of the first frame of `stack` (or its async parents) that has one; `inline` when its frames have none. */
function stackUrl(stack: StackTrace | undefined): string | undefined {
  if (!stack) return undefined;
  const frame = stack.callFrames.find((candidate) => candidate.url);
  if (frame) return frame.url;
  return stackUrl(stack.parent) ?? (stack.callFrames.length > 0 ? 'inline' : undefined);
}

const SHA384 = /sha384-[A-Za-z\d+/]{64}/g;

/**
 * Loads the page and gathers what the checks need.
 *
 * @throws DoctorError `CHROMIUM_NOT_FOUND`, `PAGE_NOT_LOADED` (no answer, or an HTTP error), `STEP_FAILED` (naming the step),
 * `PAGE_TIMED_OUT` (the check passed its deadline: a page whose script never lets go).
 */
export async function collectEvidence(options: CollectOptions): Promise<PageEvidence> {
  const timeout = options.timeout ?? 15_000;
  const settle = options.settle ?? 1_000;
  const deadline = options.deadline ?? runDeadline(timeout, settle, options.steps?.length ?? 0);
  const browser = options.browser ?? (await launchChromium(options.chromium));
  const context = await browser.newContext();
  let timer: NodeJS.Timeout | undefined;
  // A page's script can block its thread for good, and then reading the page never answers: the deadline ends the check.
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new DoctorError(
            'PAGE_TIMED_OUT',
            `${options.url} was not checked within ${deadline} ms: the page did not let go (a script running in a loop?); raise --timeout if it is only slow`,
          ),
        ),
      deadline,
    );
  });
  try {
    return await Promise.race([inspect(context, options, timeout, settle), expired]);
  } finally {
    clearTimeout(timer);
    // A stuck page can hold up closing its context: the browser we started is closed regardless.
    await Promise.race([context.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    if (!options.browser) await browser.close().catch(() => undefined);
  }
}

async function inspect(context: BrowserContext, options: CollectOptions, timeout: number, settle: number): Promise<PageEvidence> {
  {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const watch = await watchPage(page, cdp);
    let response;
    try {
      response = await page.goto(options.url, { timeout, waitUntil: 'load' });
    } catch (error) {
      throw new DoctorError('PAGE_NOT_LOADED', `${options.url} did not load: ${(error as Error).message.split('\n')[0]}`);
    }
    if (!response || response.status() >= 400) {
      throw new DoctorError('PAGE_NOT_LOADED', `${options.url} answered HTTP ${response?.status() ?? 'nothing'}`);
    }
    for (const step of options.steps ?? []) {
      try {
        await runSteps(page, [step], timeout);
      } catch (error) {
        throw new DoctorError('STEP_FAILED', `step ${describeStep(step)} failed: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    const rendered = await page.waitForSelector('.wpwl-form', { state: 'attached', timeout }).then(
      () => true,
      () => false,
    );
    await page.waitForLoadState('networkidle', { timeout: Math.max(settle, 1_000) * 5 }).catch(() => undefined);
    await page.waitForTimeout(settle);
    return await watch.finish(options.url, rendered);
  }
}

/** Starts listening on `page` before it navigates; `finish` reads the page and puts the evidence together. */
async function watchPage(page: Page, cdp: CDPSession) {
  const pending: Array<Promise<unknown>> = [];
  const elements: ScriptElement[] = [];
  const violations: Violation[] = [];
  let maxWidgetTags = 0;
  let options: { set: boolean; afterScript: boolean } = { set: false, afterScript: false };

  await page.exposeBinding(PROBE_BINDING, (_source, text: string) => {
    const message = JSON.parse(text) as ProbeMessage;
    if (message.kind === 'script') {
      const { kind: _kind, src, text: body, ...rest } = message;
      elements.push({ ...rest, ...(src ? { src } : { text: body, hash: cspHashes(body)[0] }) });
    } else if (message.kind === 'widget-tags') {
      maxWidgetTags = Math.max(maxWidgetTags, message.count);
    } else if (message.kind === 'violation') {
      const { kind: _kind, ...violation } = message;
      violations.push(violation);
    } else if (!options.set) {
      options = { set: true, afterScript: message.widgetRan };
    }
  });
  await page.addInitScript(probe, PROBE_BINDING);

  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const mainFrame = frameTree.frame.id;
  const mainContexts = new Set<number>();
  const scriptRequests = new Map<string, Initiator>();
  const documentUrls = new Set<string>();
  const bodyScans = new Set<string>();
  const widgetRequests = new Map<string, WidgetLoad>();
  const hashesInResponses = new Set<string>();
  const parsed: ParsedScript[] = [];
  let mainDocument: { url: string; status: number; headers: Record<string, string> } | undefined;

  cdp.on('Runtime.executionContextCreated', (event) => {
    const aux = event.context.auxData as { frameId?: string; isDefault?: boolean } | undefined;
    if (aux?.frameId === mainFrame && aux.isDefault) mainContexts.add(event.context.id);
  });
  // A step that navigates leaves the earlier page: only the last document's scripts are the payment page's.
  cdp.on('Runtime.executionContextDestroyed', (event) => mainContexts.delete(event.executionContextId));
  cdp.on('Runtime.executionContextsCleared', () => mainContexts.clear());
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = event.request.url;
    if (event.type === 'Script') {
      if (!scriptRequests.has(url)) scriptRequests.set(url, event.initiator as Initiator);
      if (WIDGET_SCRIPT.test(new URL(url).pathname)) widgetRequests.set(event.requestId, { url });
    }
    if (event.type === 'Document' && event.frameId === mainFrame) {
      documentUrls.add(url);
      // What the probe saw on an earlier document is not the payment page's.
      elements.length = 0;
      violations.length = 0;
      maxWidgetTags = 0;
      options = { set: false, afterScript: false };
      widgetRequests.clear();
    }
  });
  cdp.on('Network.responseReceived', (event) => {
    if (event.frameId !== mainFrame) return;
    if (event.type === 'Document') {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(event.response.headers)) headers[name.toLowerCase()] = String(value);
      mainDocument = { url: event.response.url, status: event.response.status, headers };
    }
    if (event.type === 'Document' || event.type === 'XHR' || event.type === 'Fetch') bodyScans.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const widget = widgetRequests.get(event.requestId);
    if (widget) {
      pending.push(
        readBody(cdp, event.requestId).then((body) => {
          if (body) widget.servedHash = `sha384-${createHash('sha384').update(body).digest('base64')}`;
        }),
      );
    }
    if (bodyScans.has(event.requestId)) {
      pending.push(
        readBody(cdp, event.requestId).then((body) => {
          if (body && body.length < 4_000_000) for (const hash of body.toString('utf8').match(SHA384) ?? []) hashesInResponses.add(hash);
        }),
      );
    }
  });
  cdp.on('Network.loadingFailed', (event) => {
    const widget = widgetRequests.get(event.requestId);
    if (widget) widget.failed = event.blockedReason ? `blocked (${event.blockedReason})` : event.errorText;
  });
  cdp.on('Debugger.scriptParsed', (event) => parsed.push(event as ParsedScript));

  await cdp.send('Runtime.enable');
  await cdp.send('Network.enable');
  await cdp.send('Debugger.enable');

  async function finish(requestedUrl: string, rendered: boolean): Promise<PageEvidence> {
    const dom = await page.evaluate(() => {
      const describe = (form: Element) =>
        form.id ? `form#${form.id}` : form.className ? `form.${form.className.split(/\s+/).join('.')}` : 'form';
      const outerForm = (node: Element) => {
        let parent = node.parentElement;
        while (parent) {
          if (parent.tagName === 'FORM' && !parent.classList.contains('paymentWidgets') && !parent.classList.contains('wpwl-form'))
            return parent;
          parent = parent.parentElement;
        }
        return undefined;
      };
      const widgetNodes = Array.from(document.querySelectorAll('form.paymentWidgets, .wpwl-container'));
      const forms = Array.from(document.querySelectorAll('form.paymentWidgets')).map((form) => {
        const outer = outerForm(form) ?? widgetNodes.map(outerForm).find(Boolean);
        return { brands: form.getAttribute('data-brands'), ...(outer ? { nestedIn: describe(outer) } : {}) };
      });
      const metaPolicies = Array.from(document.querySelectorAll('meta[http-equiv]'))
        .filter((meta) => meta.getAttribute('http-equiv')?.toLowerCase() === 'content-security-policy')
        .map((meta) => meta.getAttribute('content') ?? '');
      const options = (window as unknown as { wpwlOptions?: { locale?: unknown } }).wpwlOptions;
      const scripts = Array.from(document.scripts).map((script) => ({
        src: script.src,
        text: script.src ? '' : (script.textContent ?? ''),
        nonce: script.nonce ?? '',
        integrity: script.getAttribute('integrity') ?? '',
        crossOrigin: script.getAttribute('crossorigin'),
        type: script.type,
      }));
      return { forms, metaPolicies, locale: options?.locale, scripts, url: location.href };
    });
    // The probe's messages and the bodies being read.
    await Promise.all(pending);
    for (const { src, text, ...rest } of dom.scripts) {
      const element: ScriptElement = { ...rest, ...(src ? { src } : { text, hash: cspHashes(text)[0] }) };
      if (!elements.some((known) => known.src === element.src && known.hash === element.hash)) elements.push(element);
    }
    if (!mainDocument) throw new DoctorError('PAGE_NOT_LOADED', `${requestedUrl}: no document response was seen`);
    const pageUrl = dom.url;
    const widgetLoads = [...widgetRequests.values()];
    const widgetOrigins = new Set(widgetLoads.map((load) => new URL(load.url).origin));
    const adderOf = (stack: string | undefined, parser: boolean): ScriptAdder => {
      if (parser || !stack) return { kind: 'page' };
      // A frame in the document's own URL is an inline script of the page.
      const url = documentUrls.has(stack) || stack === pageUrl ? 'inline' : stack;
      if (url !== 'inline' && widgetOrigins.has(new URL(url).origin)) return { kind: 'widget', by: url };
      return { kind: 'script', by: url };
    };
    const scripts: ObservedScript[] = [];
    const ran = new Set<string>();
    for (const script of parsed) {
      if (!mainContexts.has(script.executionContextId)) continue;
      const request = script.url ? scriptRequests.get(script.url) : undefined;
      const isDocument = !!script.url && (documentUrls.has(script.url) || script.url === pageUrl || script.url === script.embedderName);
      if (script.url && request && !script.hasSourceURL) {
        ran.add(script.url);
        const source = await scriptSource(cdp, script.scriptId);
        const hash = `sha384-${createHash('sha384').update(source, 'utf8').digest('base64')}`;
        if (scripts.some((known) => known.url === script.url && known.hash === hash)) continue;
        const element = [...elements].reverse().find((candidate) => candidate.src === script.url);
        const parserInserted = request.type !== 'script';
        scripts.push({
          kind: 'external',
          url: script.url,
          origin: new URL(script.url).origin,
          hash,
          // A static import names its importer as `url`; a script that added a tag, its stack.
          addedBy: adderOf(request.type === 'script' ? (stackUrl(request.stack) ?? request.url) : undefined, parserInserted),
          parserInserted,
          ...(element ? { nonce: element.nonce, integrity: element.integrity, crossOrigin: element.crossOrigin ?? undefined } : {}),
          module: !!script.isModule,
        });
        continue;
      }
      const dynamic = !isDocument && !!script.stackTrace?.callFrames.length;
      if (!isDocument && !dynamic) continue; // init scripts, evaluations of the tools
      const source = await scriptSource(cdp, script.scriptId);
      const hash = cspHashes(source)[0]!;
      const element = elements.find((candidate) => candidate.hash === hash);
      // Code a script ran without an element (eval, new Function) is no script of the inventory.
      if (dynamic && !element) continue;
      if (scripts.some((known) => known.kind === 'inline' && known.hash === hash)) continue;
      scripts.push({
        kind: 'inline',
        origin: new URL(pageUrl).origin,
        hash,
        text: source,
        addedBy: adderOf(dynamic ? stackUrl(script.stackTrace) : undefined, !dynamic),
        parserInserted: !dynamic,
        ...(element ? { nonce: element.nonce } : { handler: true }),
        module: !!script.isModule,
      });
    }
    for (const load of widgetLoads) {
      const tag = [...elements].reverse().find((candidate) => candidate.src === load.url);
      if (tag) Object.assign(load, { integrity: tag.integrity, crossOrigin: tag.crossOrigin, nonce: tag.nonce });
      if (!load.failed && !ran.has(load.url)) load.failed = 'not run (integrity or CSP)';
    }
    return {
      requestedUrl,
      url: mainDocument.url,
      status: mainDocument.status,
      headers: mainDocument.headers,
      metaPolicies: dom.metaPolicies,
      scripts,
      scriptElements: elements,
      widgetLoads,
      maxWidgetTags,
      hashesInResponses: [...hashesInResponses],
      violations,
      widget: {
        rendered,
        forms: dom.forms,
        ...(dom.locale !== undefined ? { locale: dom.locale } : {}),
        optionsSet: options.set,
        optionsSetAfterScript: options.afterScript,
      },
    };
  }

  return { finish };
}

async function readBody(cdp: CDPSession, requestId: string): Promise<Buffer | undefined> {
  try {
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
    return Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
  } catch {
    return undefined;
  }
}

async function scriptSource(cdp: CDPSession, scriptId: string): Promise<string> {
  try {
    return (await cdp.send('Debugger.getScriptSource', { scriptId })).scriptSource;
  } catch {
    return '';
  }
}
