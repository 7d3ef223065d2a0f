import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The BFF serves `dist/` at `/` and the API under `/api/v1`, so the dev server proxies the API
 * to a locally running BFF (PORT 8080 by default) and the build writes a manifest that
 * `bench/client-bundle.ts` reads to size each route.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // Buy flow: drops Mobile Wallet Adapter from the presale route (see the stub's comment).
      '@solana-mobile/wallet-adapter-mobile': fileURLToPath(
        new URL('./src/features/wallet/lib/no-mobile-wallet-adapter.ts', import.meta.url),
      ),
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true },
    },
  },
  build: {
    manifest: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
  },
});
