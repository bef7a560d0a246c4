import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// find* and waitFor wait up to five seconds: on a busy machine a second is not enough.
configure({ asyncUtilTimeout: 5000 });

// A warning or error logged by a component is a failure: React's act() warnings, a11y
// warnings from react-aria, missing keys.
beforeEach(() => {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      throw new Error(`console.${level} called in a test: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
