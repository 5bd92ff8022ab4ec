// @wpwl/testing for React component tests: the same kit, with every change
// the fake widget drives wrapped in React's `act`, so React renders it before
// the fake's promise resolves and warns about nothing.
import * as React from 'react';
import { installFakeWidget as installPlainFakeWidget, type ActFunction, type FakeWidget, type FakeWidgetOptions } from './fake-widget.js';

export * from './index.js';

type Act = (callback: () => Promise<void>) => Promise<void>;
const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * React's `act` (from `react` in 18.3 and 19, else `react-dom/test-utils`),
 * with React told it runs in a test for the while (`IS_REACT_ACT_ENVIRONMENT`),
 * as Testing Library's own `act` does: React otherwise says the environment
 * does not support act when the test framework's hooks are not globals.
 */
const reactAct: ActFunction = async (change) => {
  const act = (React as { act?: Act }).act ?? ((await import('react-dom/test-utils')) as { act: Act }).act;
  const previous = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    await act(change);
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  }
};

/**
 * {@link installPlainFakeWidget | installFakeWidget} with React's `act`
 * around every change the fake drives (pass `act` to use another).
 */
export function installFakeWidget(options: FakeWidgetOptions = {}): FakeWidget {
  return installPlainFakeWidget({ act: reactAct, ...options });
}
