import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy routes compile on first import: give findBy*/waitFor room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// CONVENTIONS "Tests": an unexpected console.error fails the test. A test that expects one calls
// expectConsoleError() first.
let errors: unknown[][] = [];
let allowed = false;
const originalError = console.error;

export function expectConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  errors = [];
  allowed = false;
  console.error = (...args: unknown[]) => {
    errors.push(args);
  };
  // jsdom has no scrolling.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  console.error = originalError;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Files share one jsdom per worker (isolate: false): leave no stored state or address behind.
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  if (!allowed && errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
