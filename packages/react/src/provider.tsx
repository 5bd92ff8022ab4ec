'use client';
// Owns the app-wide widget defaults for React: <WpwlProvider> puts them in
// context, and the hook reads the nearest provider's value.
import { createContext, useContext, type ReactNode } from 'react';
import type { PaymentWidgetDefaults } from '@wpwl/core';

const DefaultsContext = /* @__PURE__ */ createContext<PaymentWidgetDefaults | undefined>(undefined);

/** Props of {@link WpwlProvider}: the defaults, and the part of the app they apply to. */
export interface WpwlProviderProps extends PaymentWidgetDefaults {
  children?: ReactNode;
}

/**
 * Gives every payment widget below it defaults for what is usually the same
 * across an app: the gateway `baseUrl`, `locale`, the page's CSP `nonce`,
 * `brands`, `options`. A widget's own props win; `options` merge key by key.
 * Only the nearest provider counts (providers do not stack).
 *
 * @example
 * <WpwlProvider baseUrl="https://test.example-gateway.com" locale="de-AT" nonce={nonce}>
 *   <App />
 * </WpwlProvider>
 */
export function WpwlProvider({ children, ...defaults }: WpwlProviderProps): ReactNode {
  return <DefaultsContext.Provider value={defaults}>{children}</DefaultsContext.Provider>;
}

/** The nearest provider's defaults, if any. */
export function useWidgetDefaults(): PaymentWidgetDefaults | undefined {
  return useContext(DefaultsContext);
}
