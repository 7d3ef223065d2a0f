import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'client',
    // Unit tests of the site's own logic; the browser suites live with the whole product in
    // apps/stack/e2e.
    include: ['src/**/*.test.{ts,tsx}'],
    // The files of a worker share one module graph (the wallet adapters, zod, web3.js imported
    // once): the suites hold no module state between tests and none mocks modules.
    isolate: false,
  },
});
