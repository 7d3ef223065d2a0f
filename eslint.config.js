// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Layer rules. Dependencies point inward (domain <- adapters <- bff, domain <- client):
 * the domain stays pure so every rule in it is testable without I/O, and the browser bundle
 * never pulls server code.
 */
const nodeBuiltins = [
  'assert',
  'buffer',
  'child_process',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'net',
  'os',
  'path',
  'process',
  'readline',
  'stream',
  'tls',
  'url',
  'util',
  'worker_threads',
  'zlib',
];

/**
 * Server-side workspaces: the BFF, its adapters, the distribution keeper's work, the local
 * chain, the operator, the stack.
 */
const serverPackages = [
  '@fbt/adapters',
  '@fbt/distribution',
  '@fbt/bff',
  '@fbt/localnet',
  '@fbt/operator',
  '@fbt/stack',
].flatMap((name) => [name, `${name}/*`]);

/** The program's build (clang + linker) and its litesvm harness: Node-only, never shipped. */
const programBuildPackages = ['@fbt/presale-program', '@fbt/sbpf-link', 'litesvm'].flatMap(
  (name) => [name, `${name}/*`],
);

const programBuildImports = [
  {
    group: programBuildPackages,
    message:
      'The program build and its litesvm harness are Node-only: use @fbt/presale-client (instruction builders, PDAs, layouts, errors).',
  },
  {
    // Relative paths too: any import that walks into programs/ or tools/.
    regex: '(^|/)(programs|tools)(/|$)',
    message:
      'The program build and its litesvm harness are Node-only: use @fbt/presale-client (instruction builders, PDAs, layouts, errors).',
  },
];

const domainForbiddenImports = {
  paths: nodeBuiltins.map((name) => ({
    name,
    message: 'packages/domain is pure: no I/O modules. Put I/O in packages/adapters.',
  })),
  patterns: [
    {
      group: ['node:*'],
      message: 'packages/domain is pure: no node:* modules. Put I/O in packages/adapters.',
    },
    {
      group: [
        ...serverPackages,
        ...programBuildPackages,
        '@fbt/client',
        '@fbt/client/*',
        '@fbt/presale-client',
        '@fbt/purchase',
        '@fbt/keypair-wallet',
        '**/adapters/**',
        '**/apps/**',
        '**/programs/**',
        '**/tools/**',
      ],
      message: 'packages/domain must not depend on outer layers.',
    },
    {
      group: [
        '@solana/web3.js',
        'better-sqlite3',
        'pg',
        'ioredis',
        'fastify',
        'ws',
        'undici',
        'axios',
        'react',
        'react-dom',
      ],
      message: 'packages/domain is pure: I/O and UI libraries belong to adapters, bff or client.',
    },
  ],
};

const clientForbiddenImports = {
  patterns: [
    {
      group: ['node:*'],
      message: 'The client runs in the browser: no node:* modules.',
    },
    {
      group: serverPackages,
      message: 'The client talks to the BFF over HTTP; it never imports server code.',
    },
    {
      // Relative paths too: any import that walks into a server workspace's folder.
      regex: '(^|/)(bff|adapters|localnet|operator|stack)(/|$)',
      message: 'The client talks to the BFF over HTTP; it never imports server code.',
    },
    ...programBuildImports,
  ],
};

/**
 * Browser-safe packages (the program client, the purchase flow): the site bundles them, so
 * they hold no Node modules, no server code and nothing of the program's build.
 */
const browserPackageForbiddenImports = {
  // `buffer` is allowed: in the bundle it is the npm polyfill web3.js itself uses.
  paths: nodeBuiltins
    .filter((name) => name !== 'buffer')
    .map((name) => ({
      name,
      message: 'This package runs in the browser: no Node modules.',
    })),
  patterns: [
    {
      group: ['node:*'],
      message: 'This package runs in the browser: no node:* modules.',
    },
    {
      group: [...serverPackages, '@fbt/client', '@fbt/client/*'],
      message: 'Packages are inner layers: they never import apps.',
    },
    {
      regex: '(^|/)apps(/|$)',
      message: 'Packages are inner layers: they never import apps.',
    },
    ...programBuildImports,
  ],
};

/** Inner packages never reach outward into apps or the program build (tests may use tools). */
const packageForbiddenImports = {
  patterns: [
    {
      group: [
        '@fbt/bff',
        '@fbt/bff/*',
        '@fbt/client',
        '@fbt/client/*',
        '@fbt/stack',
        '@fbt/stack/*',
      ],
      message: 'Packages are inner layers: they never import apps.',
    },
    ...programBuildImports,
  ],
};

/**
 * A package's tests and test support (`test/`, `*.test.ts`) may start the local chain and use
 * tools, but never import the apps above the packages: a package's `./testing` export would
 * otherwise pull an app into every workspace whose tests use it.
 */
const packageTestForbiddenImports = {
  patterns: [
    {
      group: [
        '@fbt/bff',
        '@fbt/bff/*',
        '@fbt/client',
        '@fbt/client/*',
        '@fbt/stack',
        '@fbt/stack/*',
      ],
      message:
        'Packages are inner layers: their tests and test support never import the apps above them.',
    },
    {
      regex: '(^|/)apps/(bff|client|stack)(/|$)',
      message:
        'Packages are inner layers: their tests and test support never import the apps above them.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/test-output/**',
      '**/data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.es2021 },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', domainForbiddenImports],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'packages/domain is pure: take data as arguments.' },
        { name: 'process', message: 'packages/domain is pure: config arrives as arguments.' },
        { name: 'XMLHttpRequest', message: 'packages/domain is pure.' },
        { name: 'WebSocket', message: 'packages/domain is pure.' },
        { name: 'localStorage', message: 'packages/domain is pure.' },
        { name: 'window', message: 'packages/domain is pure.' },
        { name: 'document', message: 'packages/domain is pure.' },
        { name: 'require', message: 'packages/domain is pure.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Take a Clock port or a `now` argument.' },
        {
          object: 'Math',
          property: 'random',
          message: 'Take a random source argument so schedules are testable.',
        },
      ],
    },
  },
  {
    // The program client and the purchase flow ship in the site's bundle.
    files: ['packages/presale-client/src/**/*.ts', 'packages/purchase/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', browserPackageForbiddenImports] },
  },
  {
    files: [
      'packages/adapters/src/**/*.ts',
      'packages/distribution/src/**/*.ts',
      'packages/keypair-wallet/src/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', packageForbiddenImports] },
  },
  {
    // The domain's tests keep the domain's own rules (above).
    files: ['packages/*/test/**/*.ts', 'packages/*/src/**/*.test.ts'],
    ignores: ['packages/domain/**'],
    rules: { 'no-restricted-imports': ['error', packageTestForbiddenImports] },
  },
  {
    files: ['apps/client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', clientForbiddenImports],
    },
  },
  {
    // The site's build configs run in Node, not in the browser.
    files: ['apps/client/*.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: [
      'apps/bff/**/*.ts',
      'apps/stack/**/*.ts',
      'packages/adapters/**/*.ts',
      'packages/distribution/**/*.ts',
      'scripts/**',
      '.ci/**',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
);
