import { describe, expect, it } from 'vitest';
import { parseStatusResource } from '../src/index.js';

const ID = '8ac7a4a27d1e4f0f017d1e6b2c8a1c2d';

describe('parseStatusResource', () => {
  it.each([
    [`/v1/checkouts/${ID}/payment`, 'payment'],
    [`/v1/checkouts/${ID}/registration`, 'registration'],
    [ID, 'payment'],
    ['A1.b-C2.d-E3.f-G4.h-I5.j-K6.l-M7.n-O8', 'payment'],
  ])('accepts %s', (input, kind) => {
    const resource = parseStatusResource(input);
    expect(resource.kind).toBe(kind);
    expect(resource.path).toMatch(/^\/v1\/checkouts\/[A-Za-z0-9.-]{32,48}\/(payment|registration)$/);
  });
});
