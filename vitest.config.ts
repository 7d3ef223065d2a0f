import { defineConfig } from 'vitest/config';

/**
 * One root config; each workspace keeps its own `vitest.config.ts` as a project, so
 * `vitest run` here runs everything and `npm test -w <pkg>` runs one package.
 */
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'programs/*', 'tools/*'],
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/__tests__/**', '**/index.ts'],
      reporter: ['text-summary', 'text'],
    },
  },
});
