// Owns the widget's requests to the gateway: CORS, no credentials, form-encoded
// bodies, JSON answers, and an abort for each that unload() can pull.
import { added, widget } from './state.js';
import type { GatewayAnswer } from './types.js';

export async function request(method: 'GET' | 'POST', path: string, body: URLSearchParams | null): Promise<GatewayAnswer> {
  const controller = new AbortController();
  added.requests.push(controller);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
  try {
    const response = await window.fetch(widget.baseUrl + path, {
      method,
      mode: 'cors',
      credentials: 'omit',
      headers,
      signal: controller.signal,
      ...(body ? { body: body.toString() } : {}),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed };
  } finally {
    const index = added.requests.indexOf(controller);
    if (index !== -1) added.requests.splice(index, 1);
  }
}
