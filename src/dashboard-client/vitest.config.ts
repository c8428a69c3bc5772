import { defineConfig } from 'vitest/config';

/** Component tests (`*.test.tsx` beside what they test) in jsdom; `npm test` at the root runs them. */
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'gql/**'],
    setupFiles: ['testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
