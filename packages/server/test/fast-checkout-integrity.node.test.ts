// getFastCheckoutIntegrity against answers the sandbox never gives: the
// request it sends, and an answer without a usable hash refused as
// INVALID_RESPONSE rather than put on a script tag.
import { describe, expect, it } from 'vitest';
import { createGatewayClient, isWpwlServerError } from '../src/index.js';
import { caught, clientOptions, ENTITY_ID, recordingFetch, TOKEN } from './support.js';

const HASH = `sha384-${'A'.repeat(63)}B`;
const SUCCESS = { code: '000.000.100', description: 'successful request' };

describe('getFastCheckoutIntegrity', () => {
  it('sends an authenticated GET to /v1/fastcheckout/integrity and answers the hash', async () => {
    const { fetch, requests } = recordingFetch(200, { integrity: HASH, result: SUCCESS });
    const client = createGatewayClient(clientOptions(fetch));
    await expect(client.getFastCheckoutIntegrity()).resolves.toBe(HASH);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('GET');
    expect(new URL(request!.url).pathname).toBe('/v1/fastcheckout/integrity');
    expect(new URL(request!.url).searchParams.get('entityId')).toBe(ENTITY_ID);
    expect(request!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    ['no integrity', { result: SUCCESS }],
    ['a sha256 hash', { integrity: `sha256-${'A'.repeat(43)}=`, result: SUCCESS }],
    ['a truncated hash', { integrity: HASH.slice(0, -4), result: SUCCESS }],
    ['markup in the hash', { integrity: `${HASH}" onload="alert(1)`, result: SUCCESS }],
    ['no result', { integrity: HASH }],
  ])('refuses an answer with %s as INVALID_RESPONSE', async (_, body) => {
    const client = createGatewayClient(clientOptions(recordingFetch(200, body).fetch));
    const error = await caught(() => client.getFastCheckoutIntegrity());
    expect(isWpwlServerError(error) && error.code).toBe('INVALID_RESPONSE');
  });

  it('fails UNAUTHORIZED for a 401 and GATEWAY_REJECTED for a 400, naming the operation', async () => {
    const unauthorized = createGatewayClient(
      clientOptions(recordingFetch(401, { result: { code: '800.900.300', description: 'invalid authentication information' } }).fetch),
    );
    const denied = await caught(() => unauthorized.getFastCheckoutIntegrity());
    expect(isWpwlServerError(denied) && denied.code).toBe('UNAUTHORIZED');
    const refusing = createGatewayClient(
      clientOptions(recordingFetch(400, { result: { code: '200.300.404', description: 'invalid or missing parameter' } }).fetch),
    );
    const rejected = await caught(() => refusing.getFastCheckoutIntegrity());
    expect(isWpwlServerError(rejected) && rejected.code).toBe('GATEWAY_REJECTED');
    expect((rejected as Error).message).toContain('getFastCheckoutIntegrity');
  });
});
