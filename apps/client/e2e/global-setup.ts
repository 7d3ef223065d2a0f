import { build } from 'vite';
import { fileURLToPath } from 'node:url';

/** Builds the site once before the browser tests, exactly like `npm run build`. */
export default async function setup(): Promise<void> {
  await build({ root: fileURLToPath(new URL('..', import.meta.url)), logLevel: 'warn' });
}
