import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The 'web' project of the root vitest.config.ts: components and hooks in jsdom.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Form tests type whole forms with user-event in jsdom: on a 2-core machine running other legs,
    // the 5 s default is a coin toss. This is a hang guard, not a speed check.
    testTimeout: 20_000,
  },
});
