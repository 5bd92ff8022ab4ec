// The browser helpers of an express-checkout page where no browser is
// needed: offerApplePay adds exactly the sandbox's stand-in ApplePaySession
// as an init script, and says what to update when the installed sandbox has
// none; pressWallet refuses what is no wallet brand before looking for it.
// In Chromium: e2e/testing-kit-express.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletBrand } from '../src/playwright-wallets.js';

const STAND_IN = 'window.ApplePaySession = class { static canMakePayments() { return true; } };';

afterEach(() => {
  vi.doUnmock('@wpwl/sandbox');
  vi.resetModules();
});

/** The helpers, with `@wpwl/sandbox` exporting `exports`. */
async function helpersWithSandbox(exports: Record<string, unknown>) {
  vi.resetModules();
  vi.doMock('@wpwl/sandbox', () => exports);
  return import('../src/playwright-wallets.js');
}

describe('offerApplePay', () => {
  it("adds the sandbox's stand-in ApplePaySession, as it is, as an init script of the page", async () => {
    const { offerApplePay } = await helpersWithSandbox({ APPLE_PAY_SESSION_STAND_IN: STAND_IN });
    const addInitScript = vi.fn(async () => {});
    await offerApplePay({ addInitScript });
    expect(addInitScript).toHaveBeenCalledTimes(1);
    expect(addInitScript).toHaveBeenCalledWith(STAND_IN);
  });

  it('with a sandbox that has no stand-in: PEER_DEPENDENCY_MISSING saying to update it, and nothing added', async () => {
    // Undefined rather than absent: Vitest's mocked module throws for a name it does not have, where a real one reads undefined.
    const { offerApplePay } = await helpersWithSandbox({ startSandbox: () => {}, APPLE_PAY_SESSION_STAND_IN: undefined });
    const addInitScript = vi.fn(async () => {});
    await expect(offerApplePay({ addInitScript })).rejects.toMatchObject({
      code: 'PEER_DEPENDENCY_MISSING',
      message: expect.stringContaining('update @wpwl/sandbox'),
    });
    expect(addInitScript).not.toHaveBeenCalled();
  });
});

describe('pressWallet', () => {
  it('refuses a brand that is no wallet brand with WALLET_NOT_SHOWN, before touching the page', async () => {
    const { pressWallet } = await import('../src/playwright-wallets.js');
    const page = { getByRole: vi.fn(), locator: vi.fn() };
    await expect(pressWallet(page, 'VISA' as WalletBrand)).rejects.toMatchObject({
      code: 'WALLET_NOT_SHOWN',
      message: expect.stringContaining('GOOGLEPAY'),
    });
    expect(page.getByRole).not.toHaveBeenCalled();
  });
});
