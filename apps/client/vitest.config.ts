import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'client',
    // Unit tests of the site's own logic; the browser suites live with the whole product in
    // apps/stack/e2e.
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
