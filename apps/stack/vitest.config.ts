import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'stack',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'e2e/**/*.test.ts'],
    // The files of a worker share one module graph instead of each importing web3.js, Fastify,
    // Playwright... again (for the browser suites that import alone was minutes of a CI run):
    // every suite builds its own servers, chains and state, and none mocks modules.
    isolate: false,
    // Browser suites run against a fresh production build of the site, made once per run.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page's state reached over the network (stream, /rpc, the allowlist check) can take a few
    // seconds while other suites share the cores: poll for it up to 15 s, not vitest's 1 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
