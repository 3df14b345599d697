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
    // One jsdom per worker, kept between files (setup.ts clears storage, timers and the address after each
    // test): loading jsdom and React again for each of the 39 files was two thirds of the run.
    isolate: false,
    // Form tests type whole forms with user-event in jsdom: on a 2-core machine running other legs,
    // the 5 s default is a coin toss. This is a hang guard, not a speed check.
    testTimeout: 20_000,
  },
});
