import { describe, expect, it } from 'vitest';
import { formatAmountExact } from '../src/amount.js';
import { formatAmount, isWpwlServerError } from '../src/index.js';

describe('amount formatting', () => {
  it.each([
    ['10', '10.00'],
    ['10.5', '10.50'],
    ['10.50', '10.50'],
    ['0', '0.00'],
    ['0.01', '0.01'],
    ['007.10', '7.10'],
    ['9999999999.99', '9999999999.99'],
    [19.99, '19.99'],
    [92, '92.00'],
    [0.1, '0.10'],
    [1234567890.12, '1234567890.12'],
    [9999999999.99, '9999999999.99'],
  ])('formats %j as %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it.each([
    ['10.005', 'at most 2 decimals'],
    ['10.999', 'at most 2 decimals'],
    [0.1 + 0.2, 'at most 2 decimals'],
    [1.005 * 3, 'at most 2 decimals'],
    ['12345678901', 'at most 10 integer digits'],
    [12345678901, 'at most 10 integer digits'],
    [1e21, 'N10.N2'],
    [-1, 'not negative'],
    [-0, 'not negative'],
    [Number.NaN, 'finite number'],
    [Number.POSITIVE_INFINITY, 'finite number'],
    ['10,50', 'N10.N2'],
    ['1e3', 'N10.N2'],
    [' 10', 'N10.N2'],
    ['10.', 'N10.N2'],
    ['.5', 'N10.N2'],
    ['', 'N10.N2'],
    ['-5', 'N10.N2'],
  ])('refuses %j (%s) instead of rounding', (input, rule) => {
    const formatted = formatAmountExact(input);
    expect(formatted).toMatchObject({ ok: false, rule });
    let thrown: unknown;
    try {
      formatAmount(input);
    } catch (error) {
      thrown = error;
    }
    expect(isWpwlServerError(thrown) && thrown.code).toBe('VALIDATION_FAILED');
  });

  it('says why a floating-point sum is refused', () => {
    const formatted = formatAmountExact(0.1 + 0.2);
    expect(formatted.ok).toBe(false);
    if (!formatted.ok) expect(formatted.message).toContain('0.30000000000000004');
  });

  it('allows 13 integer digits for N13 fields', () => {
    expect(formatAmountExact('1234567890123.4', 13)).toEqual({ ok: true, value: '1234567890123.40' });
    expect(formatAmountExact('12345678901234', 13).ok).toBe(false);
  });
});
