// @wpwl/testing for React component tests: the same kit, with every change
// the fake widget drives wrapped in React's `act`, so React renders it before
// the fake's promise resolves and warns about nothing.
import * as React from 'react';
import { installFakeWidget as installPlainFakeWidget, type ActFunction, type FakeWidget, type FakeWidgetOptions } from './fake-widget.js';

export * from './index.js';

/** React's `act`: from `react` (18.3, 19), else from `react-dom/test-utils` (18.2). */
const reactAct: ActFunction = async (change) => {
  const act =
    (React as { act?: (callback: () => Promise<void>) => Promise<void> }).act ??
    ((await import('react-dom/test-utils')) as { act: (callback: () => Promise<void>) => Promise<void> }).act;
  await act(change);
};

/**
 * {@link installPlainFakeWidget | installFakeWidget} with React's `act`
 * around every change the fake drives (pass `act` to use another).
 */
export function installFakeWidget(options: FakeWidgetOptions = {}): FakeWidget {
  return installPlainFakeWidget({ act: reactAct, ...options });
}
