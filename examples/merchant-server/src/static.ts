// Owns serving files from a configured directory: the path is decoded once,
// resolved inside the directory and checked to stay there (symlinks too);
// dot-files and node_modules are never served. The test servers (e2e, bench)
// resolve and type their files here too. HTML gets the response's CSP
// nonce on every <script> tag, so inline import maps run under the policy.
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Finds the file a URL path names inside `root`, or undefined.
 *
 * @param relativeUrlPath the URL path below the mount point, still percent-encoded
 * @param options.spaFallback serve index.html for extension-less paths that match no file (client-side routing)
 */
export async function resolveStaticFile(
  root: string,
  relativeUrlPath: string,
  options: { spaFallback?: boolean } = {},
): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativeUrlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s.startsWith('.') || s === 'node_modules')) return undefined;

  const realRoot = await realpath(root).catch(() => undefined);
  if (!realRoot) return undefined;
  const inside = async (candidate: string): Promise<string | undefined> => {
    const real = await realpath(candidate).catch(() => undefined);
    if (!real || (real !== realRoot && !real.startsWith(realRoot + sep))) return undefined;
    const info = await stat(real).catch(() => undefined);
    if (!info) return undefined;
    if (info.isDirectory()) {
      const index = join(real, 'index.html');
      return (await stat(index).catch(() => undefined))?.isFile() ? index : undefined;
    }
    return info.isFile() ? real : undefined;
  };

  const found = await inside(resolve(realRoot, ...segments));
  if (found) return found;
  if (options.spaFallback && extname(decoded) === '') return inside(join(realRoot, 'index.html'));
  return undefined;
}

/** The Content-Type to send a file with, by its extension. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Sends a file. HTML is read whole to add the nonce to its <script> tags. */
export async function sendStaticFile(
  res: ServerResponse,
  file: string,
  options: { nonce?: string; headers?: Record<string, string>; head?: boolean } = {},
): Promise<void> {
  const type = contentTypeOf(file);
  const headers = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache', ...options.headers };
  if (type.startsWith('text/html')) {
    let html = await readFile(file, 'utf8');
    if (options.nonce) html = addNonce(html, options.nonce);
    res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(html) });
    res.end(options.head ? undefined : html);
    return;
  }
  res.writeHead(200, headers);
  if (options.head) res.end();
  else createReadStream(file).pipe(res);
}

/** Adds `nonce="…"` to every <script> start tag that has none. The nonce is base64, safe in an attribute. */
export function addNonce(html: string, nonce: string): string {
  return html.replace(/<script\b(?![^>]*\snonce=)/gi, `<script nonce="${nonce}"`);
}
