// Owns serving the stand-in widget's files: each asset with CORS `*` and
// no-store caching, the sha384 integrity of the widget script, an optional
// delay, and the faults tests switch on to see how integrations cope.

import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { CORS_HEADERS } from './http.js';
import { WIDGET_SCRIPT_PATH, type WidgetAsset } from './widget/assets.js';

/** One file served under the gateway base URL (`startSandbox({ widgetAssets })`). */
export type SandboxAsset = WidgetAsset;

/**
 * A fault for the widget script: `'404'`/`'500'` answer that status, `'hang'`
 * never answers, `'truncate'` sends the first half of the bytes, `'tamper'`
 * sends changed bytes (so an integrity check fails), `null` serves it normally.
 */
export type WidgetFault = '404' | '500' | 'hang' | 'truncate' | 'tamper' | null;

const FAULTS: ReadonlySet<string> = new Set(['404', '500', 'hang', 'truncate', 'tamper']);

/** Serves a fixed set of assets. */
export class AssetServer {
  private readonly assets: Map<string, { contentType: string; bytes: Buffer }>;
  private fault: WidgetFault = null;
  private readonly held = new Set<ServerResponse>();
  private readonly delays = new Set<NodeJS.Timeout>();
  /** `sha384-<base64>` of the widget script's bytes, or undefined when none is served. */
  readonly integrity: string | undefined;

  constructor(
    assets: readonly SandboxAsset[],
    private readonly delayMs: number,
  ) {
    this.assets = new Map(assets.map((a) => [a.path, { contentType: a.contentType, bytes: Buffer.from(a.body, 'utf8') }]));
    const script = this.assets.get(WIDGET_SCRIPT_PATH);
    this.integrity = script ? `sha384-${createHash('sha384').update(script.bytes).digest('base64')}` : undefined;
  }

  /** True when `path` is one of the assets. */
  has(path: string): boolean {
    return this.assets.has(path);
  }

  /** Sets (or clears, with `null`) the widget script's fault. */
  setFault(fault: WidgetFault): void {
    if (fault !== null && !FAULTS.has(fault)) {
      throw new RangeError(`widget fault must be one of 404, 500, hang, truncate, tamper or null, got ${String(fault)}`);
    }
    this.fault = fault;
  }

  /** Answers a GET (or HEAD) for `path`. */
  serve(path: string, res: ServerResponse, head: boolean): void {
    if (this.delayMs > 0) {
      const timer = setTimeout(() => {
        this.delays.delete(timer);
        this.write(path, res, head);
      }, this.delayMs);
      this.delays.add(timer);
      return;
    }
    this.write(path, res, head);
  }

  private write(path: string, res: ServerResponse, head: boolean): void {
    const asset = this.assets.get(path);
    if (!asset) return;
    const headers = { ...CORS_HEADERS, 'Cache-Control': 'no-store' };
    const fault = path === WIDGET_SCRIPT_PATH ? this.fault : null;
    if (fault === 'hang') {
      this.held.add(res);
      res.on('close', () => this.held.delete(res));
      return;
    }
    if (fault === '404' || fault === '500') {
      const text = fault === '404' ? 'Not Found' : 'Internal Server Error';
      res.writeHead(Number(fault), { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': text.length });
      res.end(head ? undefined : text);
      return;
    }
    let bytes = asset.bytes;
    if (fault === 'truncate') bytes = bytes.subarray(0, Math.floor(bytes.length / 2));
    if (fault === 'tamper') bytes = Buffer.concat([bytes, Buffer.from('\n/* tampered */\n', 'utf8')]);
    res.writeHead(200, { ...headers, 'Content-Type': asset.contentType, 'Content-Length': bytes.length });
    res.end(head ? undefined : bytes);
  }

  /** Drops held (hanging) responses and pending delays. */
  close(): void {
    for (const timer of this.delays) clearTimeout(timer);
    this.delays.clear();
    for (const res of this.held) res.destroy();
    this.held.clear();
  }
}
