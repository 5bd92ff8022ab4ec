import { describe, expect, it } from 'vitest';
import { classifyResultCode, isPending, isRejected, isSuccess, isThreeDSecureFailure, isUncertain, needsReview } from '../src/index.js';

describe('classifyResultCode', () => {
  it.each([
    ['000.000.000', 'success'],
    ['000.100.110', 'success'],
    ['000.100.112', 'success'],
    ['000.300.000', 'success'],
    ['000.600.000', 'success'],
    ['000.400.110', 'success'],
    ['000.400.120', 'success'],
    ['000.400.000', 'successNeedsReview'],
    ['000.400.010', 'successNeedsReview'],
    ['000.400.100', 'successNeedsReview'],
    ['000.200.000', 'pending'],
    ['000.200.100', 'pending'],
    ['800.400.500', 'pendingMayChange'],
    ['100.400.500', 'pendingMayChange'],
    ['000.400.101', 'rejected3DSecureRisk'],
    ['000.400.200', 'rejected3DSecureRisk'],
    ['800.400.200', 'rejected3DSecure'],
    ['100.390.105', 'rejected3DSecure'],
    ['800.100.151', 'rejectedBank'],
    ['800.700.100', 'rejectedBank'],
    ['800.800.102', 'rejectedBank'],
    ['900.100.300', 'rejectedCommunication'],
    ['000.400.030', 'rejectedCommunication'],
    ['800.500.100', 'systemError'],
    ['999.999.999', 'systemError'],
    ['600.100.100', 'systemError'],
    ['800.800.800', 'systemError'],
    ['300.100.100', 'softDecline'],
    ['100.397.101', 'asyncError'],
    ['100.400.080', 'externalRisk'],
    ['100.380.501', 'externalRisk'],
    ['800.300.101', 'blacklist'],
    ['800.200.159', 'blacklist'],
    ['800.110.100', 'riskValidation'],
    ['800.160.130', 'riskValidation'],
    ['600.200.100', 'configValidation'],
    ['600.200.701', 'configValidation'],
    ['800.121.100', 'configValidation'],
    ['100.150.100', 'registrationValidation'],
    ['100.250.100', 'jobValidation'],
    ['700.400.100', 'referenceValidation'],
    // Retries the gateway blocks for a reference: published codes real status answers carry.
    ['700.600.002', 'referenceValidation'],
    ['700.601.001', 'referenceValidation'],
    ['700.601.003', 'referenceValidation'],
    ['200.300.404', 'formatValidation'],
    ['100.300.101', 'formatValidation'],
    ['800.900.100', 'formatValidation'],
    ['100.800.200', 'addressValidation'],
    ['800.400.110', 'addressValidation'],
    ['100.700.100', 'contactValidation'],
    ['100.900.100', 'contactValidation'],
    ['100.100.101', 'accountValidation'],
    ['100.200.100', 'accountValidation'],
    ['100.550.300', 'amountValidation'],
    ['100.380.201', 'riskManagement'],
    ['100.380.101', 'riskManagement'],
    ['000.100.201', 'chargeback'],
    ['800.120.100', 'throttled'],
    ['800.120.101', 'riskValidation'],
    ['123.456.789', 'unknown'],
    ['', 'unknown'],
    ['abc', 'unknown'],
    ['000.000.000.000', 'unknown'],
  ])('%s is %s', (code, group) => {
    expect(classifyResultCode(code)).toBe(group);
  });

  it('never calls a malformed value a success', () => {
    expect(classifyResultCode(undefined as unknown as string)).toBe('unknown');
    expect(isSuccess(' 000.000.000')).toBe(false);
  });

  it('helpers agree with the groups', () => {
    expect([isSuccess('000.100.110'), needsReview('000.100.110')]).toEqual([true, false]);
    expect([isSuccess('000.400.000'), needsReview('000.400.000')]).toEqual([true, true]);
    expect([isPending('000.200.000'), isPending('100.400.500'), isPending('000.100.110')]).toEqual([true, true, false]);
    expect([isRejected('800.100.151'), isRejected('000.200.000'), isRejected('000.100.110')]).toEqual([true, false, false]);
    // A timeout, a system error, throttling or an unknown code is no rejection: the payment may have gone through.
    for (const code of ['900.100.300', '800.500.100', '999.999.999', '800.120.100', '123.456.789']) {
      expect([code, isRejected(code), isUncertain(code)]).toEqual([code, false, true]);
    }
    expect([isUncertain('800.100.151'), isUncertain('000.100.110'), isUncertain('000.200.000')]).toEqual([false, false, false]);
    expect(isSuccess('800.120.100')).toBe(false);
  });
});

describe('isThreeDSecureFailure', () => {
  it.each(['100.380.401', '100.380.402', '100.390.100', '100.390.112', '800.400.200'])('%s: the card authentication failed', (code) => {
    expect(isThreeDSecureFailure(code)).toBe(true);
  });
  it.each(['000.100.110', '800.100.151', '100.380.100', '100.380.201', '000.200.000', '800.120.100'])(
    '%s: not a 3-D Secure failure',
    (code) => {
      expect(isThreeDSecureFailure(code)).toBe(false);
    },
  );
});
