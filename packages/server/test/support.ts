// Test helpers: a fetch that records every request (and answers with a fixed
// JSON body), and valid client options.
import { vi } from 'vitest';

export const ENTITY_ID = '8a8294174b7ecb28014b9699220015ca';
export const TOKEN = 'OGE4Mjk0MTc0YjdlY2IyODAxNGI5Njk5MjIwMDE1Y2N8c3k2S0pzVDg=';
export const CHECKOUT_ID = '8ac7a4a27d1e4f0f017d1e6b2c8a1c2d.uat01-vm-tx04';
export const PAYMENT_ID = '8ac7a4a17d1e4f0f017d1e6b3f0a4b5c';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** A fetch that records requests and answers `status` with `body` as JSON. */
export function recordingFetch(status = 200, body: unknown = { id: CHECKOUT_ID, result: { code: '000.200.100', description: 'successfully created checkout' } }) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : '',
    });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

export function clientOptions(fetch: typeof globalThis.fetch) {
  return { baseUrl: 'https://test.gateway.example/', accessToken: TOKEN, entityId: ENTITY_ID, fetch, retries: 0 };
}

/** Runs `fn` and returns what it threw (or rejected with). */
export async function caught(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure, but it succeeded');
}
