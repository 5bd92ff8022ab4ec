'use client';
// Owns what the basket's parts share about a wallet payment on its way (the
// express widget submitting, from the press until the sheet is closed or the
// payment answered) and the basket's way to the card checkout, closed
// meanwhile: the checkout page would take the wallet's widget away, and with
// it the shopper's redirect to the result page.
import { createContext, useContext, useState, type ReactNode } from 'react';
import Link from 'next/link';

interface WalletPayment {
  paying: boolean;
  setPaying(paying: boolean): void;
}

const WalletPaymentContext = createContext<WalletPayment>({ paying: false, setPaying: () => {} });

/** Holds whether a wallet payment is on its way, for the basket's parts inside it. */
export function WalletPaymentProvider({ children }: { children: ReactNode }) {
  const [paying, setPaying] = useState(false);
  return <WalletPaymentContext value={{ paying, setPaying }}>{children}</WalletPaymentContext>;
}

/** Whether a wallet payment is on its way, and how the express widget says so. */
export const useWalletPayment = (): WalletPayment => useContext(WalletPaymentContext);

/** "Go to checkout": a link to the card checkout, without a target (aria-disabled) while a wallet pays. */
export function CheckoutLink({ children }: { children: ReactNode }) {
  const { paying } = useWalletPayment();
  if (paying) {
    return (
      <a id="checkout" role="link" aria-disabled="true">
        {children}
      </a>
    );
  }
  return (
    <Link id="checkout" href="/checkout">
      {children}
    </Link>
  );
}
